import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../public/locales/de/translation.json';
import en from '../../../public/locales/en/translation.json';
import { RequestError } from './request';

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
  });
});

const invalidField = (field: string, reason: string) =>
  new RequestError(400, `${field}: ${reason}`, {
    error: `${field}: ${reason}`,
    code: 'invalid_field',
    field,
    params: { field, reason },
  });

describe('an invalid_field refusal', () => {
  it("shows the field and its reason in the reader's language, not the reason's code", async () => {
    await i18n.changeLanguage('en');
    expect(invalidField('title', 'too_big').message).toBe('title: is too long or too large');
    await i18n.changeLanguage('de');
    expect(invalidField('title', 'too_big').message).toBe('title: ist zu lang oder zu groß');
  });

  it('shows a reason it has no words for as generally invalid', async () => {
    await i18n.changeLanguage('en');
    expect(invalidField('creatorId', 'creatorIdInvalid').message).toBe('creatorId: is not valid');
  });
});

describe('a member file refused as not CSV', () => {
  const malformed = (line: number, reason: string) =>
    new RequestError(400, `The file is not valid CSV: line ${line}: ${reason}`, {
      error: `The file is not valid CSV: line ${line}: ${reason}`,
      code: 'import_malformed',
      params: { line, reason },
    });

  it("names the line and the fault in the reader's language, not the fault's code", async () => {
    await i18n.changeLanguage('en');
    expect(malformed(3, 'unclosed_quote').message).toBe(
      'The file is not valid CSV: line 3: a quoted field is never closed',
    );
    await i18n.changeLanguage('de');
    expect(malformed(1, 'not_utf8').message).toBe(
      'Die Datei ist kein gültiges CSV: Zeile 1: die Datei ist kein UTF-8-Text',
    );
  });

  it('shows a fault it has no words for as the server named it', async () => {
    await i18n.changeLanguage('en');
    expect(malformed(2, 'something_new').message).toBe(
      'The file is not valid CSV: line 2: something_new',
    );
  });
});
