/*
 * Apple Podcasts accepts only its own category names (itunes:category); each of our 18
 * categories (common/catalog/categories.ts) maps to the closest one, with a subcategory where
 * Apple has a fitting one.
 */
export interface ItunesCategory {
  name: string;
  sub?: string;
}

const BY_CATEGORY: Record<string, ItunesCategory> = {
  Music: { name: 'Music' },
  Video: { name: 'TV & Film' },
  Visuals: { name: 'Arts', sub: 'Visual Arts' },
  DigitalArt: { name: 'Arts', sub: 'Design' },
  Photography: { name: 'Arts', sub: 'Visual Arts' },
  Tutorials: { name: 'Education', sub: 'How To' },
  Text: { name: 'Arts', sub: 'Books' },
  Interactive: { name: 'Leisure', sub: 'Games' },
  Templates: { name: 'Arts', sub: 'Design' },
  Culinary: { name: 'Arts', sub: 'Food' },
  Spirituality: { name: 'Religion & Spirituality', sub: 'Spirituality' },
  Culture: { name: 'Society & Culture' },
  Education: { name: 'Education' },
  Fashion: { name: 'Arts', sub: 'Fashion & Beauty' },
  Fitness: { name: 'Health & Fitness', sub: 'Fitness' },
  Lifestyle: { name: 'Leisure' },
  Gaming: { name: 'Leisure', sub: 'Video Games' },
  Misc: { name: 'Arts' },
};

/** The channel's category: that of the creator's most frequent item category (Arts when none). */
export function itunesCategoryOf(categories: readonly string[]): ItunesCategory {
  const counts = new Map<string, number>();
  for (const category of categories) counts.set(category, (counts.get(category) ?? 0) + 1);
  let best: string | null = null;
  for (const [category, count] of counts) {
    if (best === null || count > (counts.get(best) ?? 0)) best = category;
  }
  return (best !== null ? BY_CATEGORY[best] : undefined) ?? { name: 'Arts' };
}
