import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  MESSAGE_KEY_TRANSLATIONS,
  type ErrorCode,
} from '../../../common/errors';

/*
 * Issue 10: every error code the server answers has a translation in en, es and de, with the
 * same placeholders as the server's English text, so the web never shows a raw code and no
 * language silently falls back to the server's English.
 */
const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../public/locales',
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
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe.each(['en', 'es', 'de'])('%s error translations', (language) => {
  const tree = load(language);

  it.each(ERROR_CODES)('translates %s with the server text’s placeholders', (code: ErrorCode) => {
    const text = lookUp(tree, `errors.${code}`);
    expect(text, `errors.${code} missing in ${language}`).toBeTruthy();
    expect(placeholders(text ?? ''), code).toEqual(placeholders(ERROR_CATALOGUE[code].text));
  });

  it('translates every SPEC §5 message key the server sends as a code', () => {
    for (const [code, key] of Object.entries(MESSAGE_KEY_TRANSLATIONS)) {
      expect(lookUp(tree, key), `${code} -> ${key} missing in ${language}`).toBeTruthy();
    }
  });
});

it('has no translation for a code the server does not have', () => {
  const errors = load('en').errors as Tree;
  expect(Object.keys(errors).sort()).toEqual([...ERROR_CODES].sort());
});
