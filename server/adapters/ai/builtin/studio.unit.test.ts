import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, type CategoryId } from '../../../../common/catalog/categories';
import type { AssistantLanguage } from '../../../../common/schemas/ai';
import { textsIn } from '../../../i18n';
import type { StudioItem } from '../provider';
import { studioAnswer } from './studio';

const item = (fields: Partial<StudioItem> = {}): StudioItem => ({
  category: null,
  tags: [],
  tier: null,
  priceCents: null,
  ...fields,
});

/** Every text that belongs to one category: what its items are judged by, and who they are for. */
function phrasesOf(language: AssistantLanguage, category: CategoryId): string[] {
  const texts = textsIn(language, 'assistant')(`studio.categories.${category}`, {
    returnObjects: true,
  });
  return [...texts.aspects, texts.audience];
}

const otherCategoriesPhrases = (language: AssistantLanguage, category: CategoryId | null) =>
  CATEGORY_IDS.filter((id) => id !== category).flatMap((id) => phrasesOf(language, id));

const answers = (message: string, language: AssistantLanguage, studioItem: StudioItem) =>
  (['prompt', 'draft'] as const).map((mode) =>
    studioAnswer({ mode, message, language, item: studioItem }),
  );

/*
 * Issue 41: the built-in studio answers from the item itself. Each case names what the answer
 * must mention (its title, category, subcategory, tags, tier or price, in the user's language)
 * and the answer holds no text of any other category.
 */
const CASES: {
  language: AssistantLanguage;
  message: string;
  item: StudioItem;
  category: CategoryId;
  mentions: string[];
}[] = [
  {
    language: 'en',
    message: 'A pack of synth loops',
    item: item(),
    category: 'Music',
    mentions: ['A pack of synth loops', 'Music', 'Loops'],
  },
  {
    language: 'en',
    message: 'Morning yoga flow for stiff backs',
    item: item({ category: 'Fitness', tags: ['mobility'], priceCents: 499 }),
    category: 'Fitness',
    mentions: [
      'Morning yoga flow for stiff backs',
      'Fitness',
      'Yoga',
      'mobility',
      '€4.99 to unlock',
    ],
  },
  {
    language: 'en',
    message: 'Minimal portfolio website',
    item: item({ category: 'Templates', tier: 'Hypr' }),
    category: 'Templates',
    mentions: ['Minimal portfolio website', 'Templates', 'Members of Hypr'],
  },
  {
    language: 'es',
    message: 'Receta de paella valenciana',
    item: item({ category: 'Culinary', tags: ['arroz'] }),
    category: 'Culinary',
    mentions: ['Receta de paella valenciana', 'Cocina', 'Recetas', 'arroz'],
  },
  {
    language: 'es',
    message: 'Fondos de pantalla de neón',
    item: item({ category: 'Visuals', priceCents: 0 }),
    category: 'Visuals',
    mentions: ['Fondos de pantalla de neón', 'Visuales', 'Gratis para todos'],
  },
  {
    language: 'de',
    message: 'Kurzfilm über eine Nacht in Berlin',
    item: item({ category: 'Video', tier: 'HyprSoul', priceCents: 1250 }),
    category: 'Video',
    mentions: ['Kurzfilm über eine Nacht in Berlin', 'Video', 'Kurzfilme', 'HyprSoul', '12,50'],
  },
  {
    language: 'de',
    message: 'Ein Pack mit Synth-Loops',
    item: item({ tags: ['Ambient'] }),
    category: 'Music',
    mentions: ['Ein Pack mit Synth-Loops', 'Musik', 'Loops', 'ambient'],
  },
];

describe('the built-in studio', () => {
  it.each(CASES)(
    '$language: "$message" speaks of its own item and of no other category',
    ({ language, message, item: studioItem, category, mentions }) => {
      const [prompt = '', draft = ''] = answers(message, language, studioItem);
      for (const text of mentions) {
        expect(prompt + draft, text).toContain(text);
      }
      // Its own category's texts are used; another category's never.
      expect(phrasesOf(language, category).some((phrase) => prompt.includes(phrase))).toBe(true);
      expect(draft).toContain(phrasesOf(language, category).at(-1));
      for (const phrase of otherCategoriesPhrases(language, category)) {
        expect(prompt, phrase).not.toContain(phrase);
        expect(draft, phrase).not.toContain(phrase);
      }
    },
  );

  it('gives a pack of synth loops no lifestyle routine (the issue’s example)', () => {
    const [prompt = ''] = answers('A pack of synth loops', 'en', item());
    expect(prompt.split('\n')).toHaveLength(4);
    expect(prompt).not.toMatch(/seven-day routine|routine or habit/);
    for (const line of prompt.split('\n')) expect(line).toMatch(/^A pack of synth loops \(Music/);
  });

  it('uses no category’s words for an item that names none', () => {
    for (const language of ['en', 'es', 'de'] as const) {
      const [prompt = '', draft = ''] = answers('My new thing', language, item());
      for (const phrase of otherCategoriesPhrases(language, null)) {
        expect(prompt + draft, phrase).not.toContain(phrase);
      }
      expect(draft.split('\n')[1]).toMatch(/: My new thing\.$/);
    }
  });

  it('drafts tags from the creator’s tags, the idea, the subcategory and the category', () => {
    const [, draft = ''] = answers(
      'rainy lofi beat for studying',
      'en',
      item({ category: 'Music', tags: ['Chill'] }),
    );
    expect(draft.split('\n')).toEqual([
      'Title: Rainy lofi beat for studying',
      'Description: Rainy lofi beat for studying. Beats in Music for producers, DJs and musicians.',
      'Tags: chill, rainy, lofi, beat, music',
    ]);
  });

  it('answers the same input with the same text', () => {
    const studioItem = item({ category: 'Photography' });
    expect(answers('Foggy harbour at dawn', 'en', studioItem)).toEqual(
      answers('Foggy harbour at dawn', 'en', studioItem),
    );
  });
});
