/**
 * SPEC §3 category catalogue: 18 categories, each with 7 to 22 subcategories a marketplace of
 * that kind offers. The upload form lists them and the server refuses a subcategory that is not
 * in the chosen category, so both read this one list.
 */
export const CATEGORIES = [
  {
    id: 'Music',
    label: 'Music',
    subcategories: [
      'Beats',
      'Loops',
      'Vocals',
      'Samples',
      'Sound FX',
      'Kits',
      'Live Sets',
      'Stems',
      'Full Tracks',
      'Instrumentals',
      'Acapellas',
      'Presets',
      'MIDI Packs',
      'Mixing & Mastering',
      'Sheet Music',
      'Lyrics',
      'Podcasts',
      'DJ Mixes',
    ],
  },
  {
    id: 'Video',
    label: 'Video',
    subcategories: [
      'Short Films',
      'Vlogs',
      'Music Videos',
      'Documentaries',
      'Behind the Scenes',
      'Stock Footage',
      'Animations',
      'Livestream Replays',
      'Trailers',
      'Transitions',
      'LUTs',
      'Motion Graphics',
      'Reactions',
    ],
  },
  {
    id: 'Visuals',
    label: 'Visuals',
    subcategories: [
      'Wallpapers',
      'Posters',
      'Illustrations',
      'Icons',
      'Textures',
      'Patterns',
      'Backgrounds',
      'Overlays',
      'Mockups',
      'Infographics',
      'Logos',
    ],
  },
  {
    id: 'DigitalArt',
    label: 'Digital Art',
    subcategories: [
      'Concept Art',
      'Character Design',
      'Pixel Art',
      '3D Models',
      '3D Renders',
      'Brushes',
      'Fan Art',
      'Comics',
      'Manga',
      'Generative Art',
      'Vector Art',
      'Speedpaints',
      'Process Files',
      'Commissions',
    ],
  },
  {
    id: 'Photography',
    label: 'Photography',
    subcategories: [
      'Portraits',
      'Landscapes',
      'Street',
      'Wildlife',
      'Architecture',
      'Travel',
      'Fashion Shoots',
      'Food Photography',
      'Macro',
      'Astrophotography',
      'Stock Photos',
      'Lightroom Presets',
      'RAW Files',
      'Photo Books',
    ],
  },
  {
    id: 'Tutorials',
    label: 'Tutorials',
    subcategories: [
      'Music Production',
      'Drawing & Painting',
      'Photo Editing',
      'Video Editing',
      '3D Modeling',
      'Programming',
      'Web Design',
      'Game Development',
      'Marketing',
      'Crafts & DIY',
      'Language Learning',
      'Software Walkthroughs',
    ],
  },
  {
    id: 'Text',
    label: 'Text',
    subcategories: [
      'Short Stories',
      'Novels',
      'Poetry',
      'Essays',
      'Articles',
      'Newsletters',
      'Scripts',
      'Fan Fiction',
      'E-Books',
      'Guides',
      'Journals',
    ],
  },
  {
    id: 'Interactive',
    label: 'Interactive',
    subcategories: [
      'Mini Games',
      'Quizzes',
      'Interactive Stories',
      'AR Filters',
      'VR Experiences',
      'Web Toys',
      'Puzzles',
      'Choose Your Path',
      'Live Q&A',
    ],
  },
  {
    id: 'Templates',
    label: 'Templates',
    subcategories: [
      'Notion',
      'Website',
      'Presentation',
      'Resume',
      'Social Media',
      'Spreadsheet',
      'Planner',
      'Figma UI Kits',
      'Email',
      'Invoice',
      'Video Editing',
      'Print',
    ],
  },
  {
    id: 'Culinary',
    label: 'Culinary',
    subcategories: [
      'Recipes',
      'Baking',
      'Vegan',
      'Vegetarian',
      'Meal Prep',
      'Desserts',
      'Drinks & Cocktails',
      'Cooking Classes',
      'Regional Cuisine',
      'Meal Plans',
      'Fermentation',
      'Grilling & BBQ',
    ],
  },
  {
    id: 'Spirituality',
    label: 'Spirituality',
    subcategories: [
      'Meditation',
      'Guided Journeys',
      'Astrology',
      'Tarot',
      'Breathwork',
      'Affirmations',
      'Sound Healing',
      'Mindfulness',
      'Journaling Prompts',
    ],
  },
  {
    id: 'Culture',
    label: 'Culture',
    subcategories: [
      'History',
      'Art Criticism',
      'Film Reviews',
      'Book Reviews',
      'Travel Stories',
      'Traditions',
      'Interviews',
      'Museums & Exhibitions',
      'Local Scenes',
      'Subcultures',
    ],
  },
  {
    id: 'Education',
    label: 'Education',
    subcategories: [
      'Mathematics',
      'Science',
      'Languages',
      'History',
      'Computer Science',
      'Business',
      'Finance',
      'Exam Prep',
      'Study Notes',
      'Flashcards',
      'Courses',
      'Worksheets',
      'Kids Learning',
    ],
  },
  {
    id: 'Fashion',
    label: 'Fashion',
    subcategories: [
      'Lookbooks',
      'Styling Tips',
      'Sewing Patterns',
      'Streetwear',
      'Sustainable Fashion',
      'Accessories',
      'Jewelry',
      'Makeup',
      'Hair',
      'Fashion Illustration',
      'Outfit Guides',
    ],
  },
  {
    id: 'Fitness',
    label: 'Fitness',
    subcategories: [
      'Workout Plans',
      'Yoga',
      'Pilates',
      'Strength Training',
      'Cardio',
      'HIIT',
      'Running',
      'Mobility',
      'Nutrition Plans',
      'Home Workouts',
      'Coaching',
    ],
  },
  {
    id: 'Lifestyle',
    label: 'Lifestyle',
    subcategories: [
      'Productivity',
      'Home & Interior',
      'Parenting',
      'Relationships',
      'Personal Finance',
      'Minimalism',
      'Travel Guides',
      'Gardening',
      'Pets',
      'Self-Care',
      'Daily Vlogs',
    ],
  },
  {
    id: 'Gaming',
    label: 'Gaming',
    subcategories: [
      'Let’s Plays',
      'Walkthroughs',
      'Speedruns',
      'Mods',
      'Game Assets',
      'Esports',
      'Reviews',
      'Stream Overlays',
      'Tabletop & RPG',
      'Level Design',
      'Game Soundtracks',
      'Retro Gaming',
    ],
  },
  {
    id: 'Misc',
    label: 'Misc',
    subcategories: [
      'Bundles',
      'Merch Designs',
      'Printables',
      'Fonts',
      'Shoutouts',
      'Memes',
      'Experiments',
      'Other',
    ],
  },
] as const satisfies readonly {
  id: string;
  label: string;
  subcategories: readonly string[];
}[];

export type Category = (typeof CATEGORIES)[number];
export type CategoryId = Category['id'];

export const CATEGORY_IDS: readonly CategoryId[] = CATEGORIES.map((c) => c.id);

export const isCategory = (value: unknown): value is CategoryId =>
  typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);

/** The subcategories of a category; none for an unknown one. */
export function subcategoriesOf(category: string): readonly string[] {
  return CATEGORIES.find((c) => c.id === category)?.subcategories ?? [];
}

/** SPEC §5: the subcategory must be one of the chosen category's. */
export const isSubcategoryOf = (category: string, subcategory: string): boolean =>
  subcategoriesOf(category).includes(subcategory);

/**
 * The translation key of a subcategory's label, e.g. 'Mixing & Mastering' in Music →
 * 'subcategories.Music.mixingMastering'. The English name stays the stored value; the key is
 * camelCased from it because names hold spaces, '&', '-' and '’', and i18next reads '.', ':'
 * and '_' in a key as separators. Keyed by category too, as 'History' and 'Video Editing'
 * appear in two categories.
 */
export function subcategoryKey(category: string, subcategory: string): string {
  const words = subcategory
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return `subcategories.${category}.${camel}`;
}
