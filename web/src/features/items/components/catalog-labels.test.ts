import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, subcategoryKey } from '../../../../../common/catalog/categories';
import de from '../../../../public/locales/de/translation.json';
import en from '../../../../public/locales/en/translation.json';
import es from '../../../../public/locales/es/translation.json';
import { categoryLabel, subcategoryLabel } from './catalog-labels';

// translations.test.ts proves es and de hold exactly en's keys; this proves en holds exactly
// the catalogue's, which is what makes the cast in subcategoryLabel safe.
const catalogueKeys = CATEGORIES.flatMap((c) =>
  c.subcategories.map((s) => subcategoryKey(c.id, s)),
);

function enKeys(): string[] {
  return Object.entries(en.subcategories).flatMap(([category, subs]) =>
    Object.keys(subs).map((key) => `subcategories.${category}.${key}`),
  );
}

async function translator(language: 'en' | 'es' | 'de') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: en }, es: { translation: es }, de: { translation: de } },
  });
  return i18n.t;
}

describe('subcategory translation keys', () => {
  it('gives every subcategory of a category its own key', () => {
    expect(new Set(catalogueKeys).size).toBe(catalogueKeys.length);
  });

  it('are plain words i18next cannot split (no ".", ":" or "_" inside a part)', () => {
    for (const key of catalogueKeys)
      expect(key).toMatch(/^subcategories\.[A-Za-z]+\.[a-z0-9][A-Za-z0-9]*$/);
  });

  it('are exactly the keys of the en subcategories section', () => {
    expect(enKeys().sort()).toEqual([...catalogueKeys].sort());
  });
});

describe('subcategoryLabel', () => {
  it('shows in English exactly the stored catalogue name', async () => {
    const t = await translator('en');
    for (const c of CATEGORIES)
      for (const s of c.subcategories) expect(subcategoryLabel(t, c.id, s)).toBe(s);
  });

  it('translates by category, as one name can mean different things in two', async () => {
    const es = await translator('es');
    expect(subcategoryLabel(es, 'Music', 'Mixing & Mastering')).toBe('Mezcla y masterización');
    expect(subcategoryLabel(es, 'Gaming', 'Let’s Plays')).toBe('Gameplays');
    const de = await translator('de');
    expect(subcategoryLabel(de, 'Tutorials', 'Video Editing')).toBe('Videoschnitt');
    expect(subcategoryLabel(de, 'Interactive', 'Live Q&A')).toBe('Live-Fragerunden');
    expect(subcategoryLabel(de, 'Music', 'Beats')).toBe('Beats');
  });

  it('shows a value outside the category as stored', async () => {
    const t = await translator('de');
    expect(subcategoryLabel(t, 'Music', 'Yodel')).toBe('Yodel');
    expect(subcategoryLabel(t, 'Video', 'Beats')).toBe('Beats');
    expect(subcategoryLabel(t, 'Nope', 'Beats')).toBe('Beats');
  });
});

describe('categoryLabel', () => {
  it('translates a catalogue category and shows anything else as stored', async () => {
    const t = await translator('es');
    expect(categoryLabel(t, 'Culinary')).toBe('Cocina y gastronomía');
    expect(categoryLabel(t, 'Nope')).toBe('Nope');
  });
});
