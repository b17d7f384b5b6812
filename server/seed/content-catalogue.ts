import type { CategoryId } from '../../common/catalog/categories';
import type { Tier } from '../../common/rules/tiers';

/** What the demo seed publishes: a dozen creators across the catalogue, a few items each. */

export interface DemoItem {
  title: string;
  description: string;
  category: CategoryId;
  subcategory: string;
  priceCents: number;
  tierRequired?: Tier;
  tags: string[];
  /** A short generated tone (Hz) attached as the item's audio. */
  toneHz?: number;
  /** Attach a short generated visual loop (WebM) as the item's video. */
  hasVideo?: boolean;
  explicitContent?: boolean;
}

export interface DemoCreator {
  username: string;
  displayName: string;
  bio: string;
  colors: [string, string];
  items: DemoItem[];
}

/** Items of the accounts seeder's `demo_creator`, when that account exists. */
export const DEMO_CREATOR_ITEMS: DemoItem[] = [
  {
    title: 'Midnight Loop Pack',
    description: 'Twelve late-night loops at 84 BPM, key of A minor. Royalty free for your tracks.',
    category: 'Music',
    subcategory: 'Loops',
    priceCents: 999,
    tags: ['lofi', 'loops', 'chill'],
    toneHz: 220,
  },
  {
    title: 'Visual Set: Neon Rain',
    description: 'A looping visual backdrop for live sets, with the full project files.',
    category: 'Visuals',
    subcategory: 'Backgrounds',
    priceCents: 0,
    tierRequired: 'Hypr',
    hasVideo: true,
    tags: ['vj', 'neon'],
  },
  {
    title: 'Free Sample: Dust Vinyl',
    description: 'A crackle layer to give any beat some warmth. Free for everyone.',
    category: 'Music',
    subcategory: 'Samples',
    priceCents: 0,
    tags: ['vinyl', 'free'],
    toneHz: 330,
  },
];

export const DEMO_CREATORS: DemoCreator[] = [
  {
    username: 'lena_loops',
    displayName: 'Lena Loops',
    bio: 'Beatmaker from Hamburg. Loops, kits and the stories behind them.',
    colors: ['#7c3aed', '#db2777'],
    items: [
      {
        title: 'Sunset Beat Tape',
        description: 'Six warm boom-bap beats, mixed and mastered, with stems.',
        category: 'Music',
        subcategory: 'Beats',
        priceCents: 1500,
        tags: ['boom bap', 'beats'],
        toneHz: 196,
      },
      {
        title: 'Drum Kit Vol. 2',
        description: '120 one-shots: kicks, snares, hats and percussion recorded on tape.',
        category: 'Music',
        subcategory: 'Kits',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['drums', 'kit'],
        toneHz: 262,
      },
      {
        title: 'Free Loop Friday',
        description: 'This week’s free loop: a dusty Rhodes progression.',
        category: 'Music',
        subcategory: 'Loops',
        priceCents: 0,
        tags: ['free', 'rhodes'],
        toneHz: 294,
      },
    ],
  },
  {
    username: 'milo_frames',
    displayName: 'Milo Frames',
    bio: 'Short films shot on whatever camera is closest.',
    colors: ['#0f766e', '#22d3ee'],
    items: [
      {
        title: 'Behind the Scenes: Harbour',
        description: 'How we shot the harbour short in one night with two people.',
        category: 'Video',
        subcategory: 'Behind the Scenes',
        priceCents: 499,
        hasVideo: true,
        tags: ['bts', 'filmmaking'],
      },
      {
        title: 'Cinematic LUT Pack',
        description: 'Eight teal-and-orange LUTs for Resolve and Premiere.',
        category: 'Video',
        subcategory: 'LUTs',
        priceCents: 1200,
        tags: ['lut', 'color grading'],
      },
      {
        title: 'Director’s Commentary',
        description: 'A members-only commentary track for every short of this year.',
        category: 'Video',
        subcategory: 'Short Films',
        priceCents: 0,
        tierRequired: 'HyprSoul',
        hasVideo: true,
        tags: ['commentary'],
      },
    ],
  },
  {
    username: 'nova_pixels',
    displayName: 'Nova Pixels',
    bio: 'Pixel art, tiny worlds and big palettes.',
    colors: ['#1d4ed8', '#f59e0b'],
    items: [
      {
        title: 'Forest Tileset 16x16',
        description: 'Over 300 tiles with animated water, for any 2D engine.',
        category: 'DigitalArt',
        subcategory: 'Pixel Art',
        priceCents: 800,
        tags: ['pixel art', 'tileset', 'gamedev'],
      },
      {
        title: 'Character Sheet: The Wanderer',
        description: 'Turnaround, expressions and colour notes.',
        category: 'DigitalArt',
        subcategory: 'Character Design',
        priceCents: 0,
        tags: ['character', 'free'],
      },
      {
        title: 'Speedpaint: City at Dawn',
        description: 'A 20-minute process recording with the layered file.',
        category: 'DigitalArt',
        subcategory: 'Speedpaints',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['process'],
      },
      {
        title: 'Palette Pack',
        description: 'Twenty hand-picked palettes with hex codes.',
        category: 'Visuals',
        subcategory: 'Patterns',
        priceCents: 300,
        tags: ['palette', 'color'],
      },
    ],
  },
  {
    username: 'ari_lens',
    displayName: 'Ari Lens',
    bio: 'Street and travel photography. Presets that I actually use.',
    colors: ['#111827', '#6b7280'],
    items: [
      {
        title: 'Tokyo Nights Presets',
        description: 'Ten Lightroom presets for neon-lit street scenes.',
        category: 'Photography',
        subcategory: 'Lightroom Presets',
        priceCents: 1400,
        tags: ['lightroom', 'street'],
      },
      {
        title: 'Alps in Fog',
        description: 'A free wallpaper from last winter’s hike.',
        category: 'Photography',
        subcategory: 'Landscapes',
        priceCents: 0,
        tags: ['landscape', 'free'],
      },
      {
        title: 'RAW Files: Lisbon',
        description: 'The full-size RAW files of my Lisbon series for your own edit.',
        category: 'Photography',
        subcategory: 'RAW Files',
        priceCents: 900,
        tags: ['raw', 'travel'],
      },
    ],
  },
  {
    username: 'chef_tomas',
    displayName: 'Chef Tomás',
    bio: 'Home cooking with restaurant tricks.',
    colors: ['#b45309', '#fde68a'],
    items: [
      {
        title: 'Weeknight Pasta Plan',
        description: 'Five pasta dinners under 30 minutes, with a shopping list.',
        category: 'Culinary',
        subcategory: 'Meal Plans',
        priceCents: 600,
        tags: ['pasta', 'meal plan'],
      },
      {
        title: 'Sourdough from Zero',
        description: 'Starter to first loaf, step by step.',
        category: 'Culinary',
        subcategory: 'Baking',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['sourdough', 'baking'],
      },
      {
        title: 'Lemon Tart',
        description: 'My free recipe of the month.',
        category: 'Culinary',
        subcategory: 'Desserts',
        priceCents: 0,
        tags: ['dessert', 'free'],
      },
    ],
  },
  {
    username: 'yara_flow',
    displayName: 'Yara Flow',
    bio: 'Yoga and mobility for people who sit all day.',
    colors: ['#059669', '#a7f3d0'],
    items: [
      {
        title: '15-Minute Morning Flow',
        description: 'A gentle routine to wake up the spine and hips.',
        category: 'Fitness',
        subcategory: 'Yoga',
        priceCents: 0,
        tags: ['yoga', 'morning'],
      },
      {
        title: '30-Day Mobility Plan',
        description: 'Daily sessions with progress tracking sheets.',
        category: 'Fitness',
        subcategory: 'Mobility',
        priceCents: 1900,
        tags: ['mobility', 'plan'],
      },
      {
        title: 'Desk Break Routine',
        description: 'Five moves between meetings.',
        category: 'Fitness',
        subcategory: 'Home Workouts',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['office'],
      },
    ],
  },
  {
    username: 'sage_sound',
    displayName: 'Sage Sound',
    bio: 'Guided meditations and sound baths.',
    colors: ['#4338ca', '#c4b5fd'],
    items: [
      {
        title: 'Breath of Calm',
        description: 'A ten-minute guided breathing session.',
        category: 'Spirituality',
        subcategory: 'Breathwork',
        priceCents: 0,
        tags: ['breathing', 'calm'],
        toneHz: 174,
      },
      {
        title: 'Singing Bowl Bath',
        description: 'Forty minutes of layered singing bowls, recorded live.',
        category: 'Spirituality',
        subcategory: 'Sound Healing',
        priceCents: 700,
        tags: ['sound bath'],
        toneHz: 432,
      },
      {
        title: 'Full Moon Journey',
        description: 'A monthly journey for members.',
        category: 'Spirituality',
        subcategory: 'Guided Journeys',
        priceCents: 0,
        tierRequired: 'HyprSoul',
        tags: ['moon'],
        toneHz: 528,
      },
    ],
  },
  {
    username: 'quill_and_ink',
    displayName: 'Quill & Ink',
    bio: 'Short stories and poems, one a week.',
    colors: ['#7f1d1d', '#fca5a5'],
    items: [
      {
        title: 'The Lighthouse Keeper',
        description: 'A short story about the last keeper of an automated light.',
        category: 'Text',
        subcategory: 'Short Stories',
        priceCents: 250,
        tags: ['fiction'],
      },
      {
        title: 'Poems for Rainy Days',
        description: 'Twelve poems, free to read.',
        category: 'Text',
        subcategory: 'Poetry',
        priceCents: 0,
        tags: ['poetry', 'free'],
      },
      {
        title: 'Novel Draft, Chapter 1',
        description: 'Members read the draft before anyone else.',
        category: 'Text',
        subcategory: 'Novels',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['novel', 'draft'],
      },
    ],
  },
  {
    username: 'kai_codes',
    displayName: 'Kai Codes',
    bio: 'Web development tutorials and templates.',
    colors: ['#0f172a', '#38bdf8'],
    items: [
      {
        title: 'Build a REST API in an Afternoon',
        description: 'A step-by-step tutorial with the finished repository.',
        category: 'Tutorials',
        subcategory: 'Programming',
        priceCents: 1100,
        tags: ['api', 'typescript'],
      },
      {
        title: 'Portfolio Website Template',
        description: 'A responsive one-page portfolio, ready to deploy.',
        category: 'Templates',
        subcategory: 'Website',
        priceCents: 1500,
        tags: ['template', 'portfolio'],
      },
      {
        title: 'Git Cheat Sheet',
        description: 'Every command I use, on one page.',
        category: 'Education',
        subcategory: 'Computer Science',
        priceCents: 0,
        tags: ['git', 'free'],
      },
    ],
  },
  {
    username: 'ren_plays',
    displayName: 'Ren Plays',
    bio: 'Speedruns, mods and retro games.',
    colors: ['#be123c', '#fb923c'],
    items: [
      {
        title: 'Any% Route Notes',
        description: 'The full route with every trick explained.',
        category: 'Gaming',
        subcategory: 'Speedruns',
        priceCents: 500,
        tags: ['speedrun'],
      },
      {
        title: 'Stream Overlay Pack',
        description: 'Animated overlays, alerts and panels.',
        category: 'Gaming',
        subcategory: 'Stream Overlays',
        priceCents: 1300,
        tags: ['overlay', 'streaming'],
      },
      {
        title: 'Retro Soundtrack Remix',
        description: 'A chiptune remix for members.',
        category: 'Gaming',
        subcategory: 'Game Soundtracks',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['chiptune'],
        toneHz: 523,
      },
    ],
  },
  {
    username: 'vera_vogue',
    displayName: 'Vera Vogue',
    bio: 'Sustainable fashion, sewing patterns and styling.',
    colors: ['#9d174d', '#fbcfe8'],
    items: [
      {
        title: 'Linen Shirt Pattern',
        description: 'Sizes XS to XXL with a sewing video.',
        category: 'Fashion',
        subcategory: 'Sewing Patterns',
        priceCents: 1000,
        tags: ['sewing', 'linen'],
      },
      {
        title: 'Capsule Wardrobe Guide',
        description: 'Thirty outfits from fifteen pieces.',
        category: 'Fashion',
        subcategory: 'Outfit Guides',
        priceCents: 0,
        tags: ['capsule', 'free'],
      },
      {
        title: 'Spring Lookbook',
        description: 'This season’s lookbook, for members first.',
        category: 'Fashion',
        subcategory: 'Lookbooks',
        priceCents: 0,
        tierRequired: 'HyprSoul',
        tags: ['lookbook'],
      },
    ],
  },
  {
    username: 'theo_teaches',
    displayName: 'Theo Teaches',
    bio: 'Maths and science explained with drawings.',
    colors: ['#1e3a8a', '#93c5fd'],
    items: [
      {
        title: 'Calculus Flashcards',
        description: '200 flashcards from limits to integrals.',
        category: 'Education',
        subcategory: 'Flashcards',
        priceCents: 400,
        tags: ['calculus', 'flashcards'],
      },
      {
        title: 'Physics in Pictures',
        description: 'Mechanics explained in twelve illustrated pages.',
        category: 'Education',
        subcategory: 'Science',
        priceCents: 0,
        tags: ['physics', 'free'],
      },
      {
        title: 'Exam Prep Live Recording',
        description: 'A two-hour Q&A session before finals.',
        category: 'Education',
        subcategory: 'Exam Prep',
        priceCents: 0,
        tierRequired: 'Hypr',
        tags: ['exam'],
      },
    ],
  },
];

/** Comments the demo audience leaves (plain text, like everyone's). */
export const DEMO_COMMENTS = [
  'Love this!',
  'Exactly what I needed, thank you.',
  'The colours on this are wonderful.',
  'Bought it yesterday, already using it.',
  'More of this please!',
  'How long did this take you?',
];
