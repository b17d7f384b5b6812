import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES, EVENT_DATA } from '../../../../../common/events';
import { formatMoney } from '../../../../../common/rules/money';
import { parseAuditEvent } from '../../../../../common/schemas/audit-event';
import { auditEventText } from './audit-event-text';

/*
 * Every event type the audit log can hold reads as a sentence in en, es and de: the admin audit
 * page renders `audit.event.<type>` with the event's data, so a missing key would show the raw
 * type to a Spanish or German admin, and a placeholder the data cannot fill would show `{{x}}`.
 */
const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../public/locales',
);
type Tree = { [key: string]: string | Tree };
const load = (language: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, 'translation.json'), 'utf8')) as Tree;

function lookUp(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();

/** The parameters an event's data can fill: its own keys, plus the formatted amounts. */
const fillable = (type: keyof typeof EVENT_DATA) => {
  const keys = Object.keys(EVENT_DATA[type].shape);
  return new Set([
    ...keys,
    ...(keys.includes('amountCents') ? ['amount'] : []),
    ...(keys.includes('netCents') ? ['net'] : []),
  ]);
};

describe.each(['en', 'es', 'de'])('%s audit event texts', (language) => {
  const tree = load(language);
  const english = load('en');

  it.each(DOMAIN_EVENT_TYPES)('describes %s with what its data holds', (type) => {
    const text = lookUp(tree, `audit.event.${type}`);
    expect(text, `audit.event.${type} missing in ${language}`).toBeTruthy();
    const used = placeholders(text ?? '');
    expect(used, type).toEqual(placeholders(lookUp(english, `audit.event.${type}`) ?? ''));
    for (const name of used) expect(fillable(type).has(name), `${type}: {{${name}}}`).toBe(true);
  });

  it('describes an unknown event by its stored action', () => {
    expect(placeholders(lookUp(tree, 'audit.event.unknown') ?? '')).toEqual(['action']);
  });
});

it('has no text for an event type that does not exist', () => {
  const events = (load('en').audit as Tree).event as Tree;
  const described = Object.entries(events).flatMap(([subject, verbs]) =>
    typeof verbs === 'string' ? [subject] : Object.keys(verbs).map((verb) => `${subject}.${verb}`),
  );
  expect(described.sort()).toEqual([...DOMAIN_EVENT_TYPES, 'unknown'].sort());
});

describe('auditEventText', () => {
  const german = async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'de',
      resources: { de: { translation: load('de') } },
      interpolation: { escapeValue: false },
    });
    return instance.t as TFunction;
  };

  it('renders a parsed row in the reader’s language, amounts formatted', async () => {
    const t = await german();
    const sale = parseAuditEvent('wallet.topped_up', {
      amountCents: 1500,
      currency: 'eur',
      userId: 'u1',
    });
    expect(auditEventText(t, sale, 'de')).toBe(
      `Guthaben aufgeladen: ${formatMoney(1500, 'eur', 'de')}`,
    );
    const warned = parseAuditEvent('user.warned', { warningId: 3, reason: 'Spam', itemId: null });
    expect(auditEventText(t, warned, 'de')).toBe('Verwarnt: Spam');
  });

  it('renders a row no schema accepts as an unknown event', async () => {
    const t = await german();
    expect(auditEventText(t, parseAuditEvent('user.warned', { note: 'old' }), 'de')).toBe(
      'Unbekanntes Ereignis user.warned',
    );
    expect(auditEventText(t, parseAuditEvent('made.up', 'not an object'), 'de')).toBe(
      'Unbekanntes Ereignis made.up',
    );
  });
});
