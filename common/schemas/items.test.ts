import { describe, expect, it } from 'vitest';
import { CATEGORIES, isSubcategoryOf, subcategoriesOf } from '../catalog/categories';
import { addTag, CreateItemRequest, normalizeTags } from './items';

const valid = {
  title: 'Night loop',
  description: 'A loop for late hours',
  price: '9.99',
  image: '/api/v1/media/img-0123456789abcdef0123456789abcdef.png',
  status: 'available' as const,
  tags: [],
  category: 'Music',
  subcategory: 'Loops',
  explicitContent: false,
};

describe('category catalogue', () => {
  it('has the 18 SPEC §3 categories, each with 7 to 22 distinct subcategories', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual([
      'Music',
      'Video',
      'Visuals',
      'DigitalArt',
      'Photography',
      'Tutorials',
      'Text',
      'Interactive',
      'Templates',
      'Culinary',
      'Spirituality',
      'Culture',
      'Education',
      'Fashion',
      'Fitness',
      'Lifestyle',
      'Gaming',
      'Misc',
    ]);
    for (const c of CATEGORIES) {
      expect(c.subcategories.length, c.id).toBeGreaterThanOrEqual(7);
      expect(c.subcategories.length, c.id).toBeLessThanOrEqual(22);
      expect(new Set(c.subcategories).size, c.id).toBe(c.subcategories.length);
    }
    expect(subcategoriesOf('Music')).toEqual(
      expect.arrayContaining([
        'Beats',
        'Loops',
        'Vocals',
        'Samples',
        'Sound FX',
        'Kits',
        'Live Sets',
      ]),
    );
  });

  it('accepts a subcategory only inside its own category', () => {
    expect(isSubcategoryOf('Music', 'Beats')).toBe(true);
    expect(isSubcategoryOf('Fitness', 'Beats')).toBe(false);
    expect(isSubcategoryOf('Nope', 'Beats')).toBe(false);
    expect(subcategoriesOf('Nope')).toEqual([]);
  });
});

describe('tags', () => {
  it('keeps unique trimmed tags and ignores blank ones (SPEC §5)', () => {
    expect(addTag([], '  lofi ')).toEqual(['lofi']);
    expect(addTag(['lofi'], 'lofi')).toEqual(['lofi']);
    expect(addTag(['lofi'], '   ')).toEqual(['lofi']);
    expect(normalizeTags([' a', 'a ', '', 'b'])).toEqual(['a', 'b']);
  });
});

describe('CreateItemRequest', () => {
  it('accepts the upload form', () => {
    expect(CreateItemRequest.safeParse(valid).success).toBe(true);
    expect(CreateItemRequest.safeParse({ ...valid, price: 0 }).success).toBe(true);
    expect(CreateItemRequest.safeParse({ ...valid, price: '9,99' }).success).toBe(true);
  });

  it('fills in what SPEC §5 lets the form leave out', () => {
    const { status: _status, tags: _tags, explicitContent: _explicit, ...bare } = valid;
    const parsed = CreateItemRequest.parse(bare);
    expect(parsed).toMatchObject({ status: 'available', tags: [], explicitContent: false });
    expect(parsed.audio).toBeUndefined();
    expect(CreateItemRequest.parse({ ...valid, status: 'unavailable' }).status).toBe('unavailable');
  });

  it.each(['title', 'description', 'price', 'image', 'category', 'subcategory'])(
    'names upload.requiredFields when %s is missing',
    (field) => {
      const parsed = CreateItemRequest.safeParse({ ...valid, [field]: '   ' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toContain('upload.requiredFields');
    },
  );

  it('refuses a subcategory of another category and prices that are not amounts', () => {
    const wrong = CreateItemRequest.safeParse({ ...valid, subcategory: 'Yoga' });
    expect(wrong.error?.issues[0]?.path).toEqual(['subcategory']);
    for (const price of ['abc', '-1', '1.999', '10000.01']) {
      expect(CreateItemRequest.safeParse({ ...valid, price }).success, price).toBe(false);
    }
  });
});
