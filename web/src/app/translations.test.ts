import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// English is the source of truth: keys used in code are typed from it (i18n.ts), so a key
// missing in en fails the type check and a key missing in es or de fails here.
const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../public/locales',
);

type Tree = { [key: string]: string | Tree };

function load(language: string): Tree {
  return JSON.parse(
    readFileSync(path.join(localesDir, language, 'translation.json'), 'utf8'),
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

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = leaves(load('en'));

it('ships exactly the languages of SPEC §1: en, es, de', () => {
  expect(readdirSync(localesDir).sort()).toEqual(['de', 'en', 'es']);
});

describe.each(['es', 'de'])('%s translation', (language) => {
  const translated = leaves(load(language));

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
