import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../../common/i18n';

// English is the source of truth: keys used in code are typed from it (common/i18n.ts), so a
// key missing in en fails the type check and a key missing in es or de fails here. Every
// namespace counts: the web's texts, the mails and the built-in assistant's.
const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../public/locales',
);

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(
    readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
  ) as Tree;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(full, value);
    else for (const [k, v] of leaves(value, full)) result.set(k, v);
  }
  return result;
}

/** The variables of a text with their formats (`{{count, number}}`), sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,\s*(\w+)\s*)?}}/g)]
    .map((m) => (m[2] ? `${m[1]}, ${m[2]}` : (m[1] ?? '')))
    .sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * en's keys as a language must have them: a plural text in each form of that language's plural
 * rules, as i18next picks them (Intl.PluralRules; Spanish has `many`, for 1.000.000 de …). A
 * missing form falls back to English, not to the language's own `_other`.
 */
function keysFor(language: string, english: Map<string, string>): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) keys.add(key);
    else for (const form of forms) keys.add(`${base}_${form}`);
  }
  return [...keys].sort();
}

it('ships exactly the languages of SPEC §1: en, es, de', () => {
  expect(readdirSync(localesDir).sort()).toEqual(['de', 'en', 'es']);
});

it('reads the placeholders of a text, with their formats', () => {
  expect(placeholders('{{ b }} and {{a}} of {{count, number}}')).toEqual([
    'a',
    'b',
    'count, number',
  ]);
});

it('ships the same namespaces in every language', () => {
  for (const language of ['en', 'es', 'de']) {
    const files = readdirSync(path.join(localesDir, language)).sort();
    expect(files, language).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
  }
});

describe.each(
  ['es', 'de'].flatMap((language) => NAMESPACES.map((namespace) => [language, namespace])),
)('%s %s.json', (language, namespace) => {
  const english = leaves(load('en', namespace));
  const translated = leaves(load(language, namespace));

  it('has exactly the keys of en, in its own plural forms', () => {
    expect([...translated.keys()].sort()).toEqual(keysFor(language, english));
  });

  it('has no empty texts and keeps every interpolation placeholder', () => {
    for (const [key, text] of translated) {
      expect(text.trim(), key).not.toBe('');
      const source = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
      expect(placeholders(text), key).toEqual(placeholders(source ?? ''));
    }
  });
});
