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

  it('has exactly the keys of en', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty texts and keeps every interpolation placeholder', () => {
    for (const [key, text] of translated) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
