import {
  CATEGORIES,
  isCategory,
  subcategoryKey,
  type CategoryId,
} from '../../../../common/catalog/categories';
import type { AssistantLanguage } from '../../../../common/schemas/ai';
import { textsIn } from '../../../i18n';
import type { StudioItem } from '../provider';
import { normalize } from './intents';

/** Where an item belongs in the catalogue, with the labels the interface shows for it. */
export interface ItemWhere {
  category: CategoryId | null;
  categoryLabel: string | null;
  /** A subcategory the creator's words name ("synth loops" → Loops), as the interface shows it. */
  subcategory: string | null;
}

/** The words of a text, normalised, for matching labels ("Sound FX" → sound, fx). */
const wordsOf = (text: string) => normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** "loops" matches "Loops" and "loop"; "Soundeffekt" matches "Soundeffekte". */
const sameWord = (a: string, b: string) => {
  const stem = (word: string) => (word.length > 4 ? word.replace(/(es|en|e|s|n)$/, '') : word);
  return a === b || stem(a) === stem(b);
};

/** Words a label's name holds that say nothing of its kind ("Mixing & Mastering", "Kochen und Genuss"). */
const CONNECTORS = new Set([
  'and',
  'of',
  'the',
  'y',
  'de',
  'del',
  'la',
  'el',
  'e',
  'und',
  'der',
  'die',
  'das',
]);

/** A label is named when each of its words but the connectors is in the text. */
function names(words: string[], label: string): boolean {
  const wanted = wordsOf(label).filter((word) => !CONNECTORS.has(word));
  return wanted.length > 0 && wanted.every((word) => words.some((each) => sameWord(each, word)));
}

/** The subcategory of `category` the words name, in English or the user's language. */
function subcategoryNamed(
  words: string[],
  category: CategoryId,
  language: AssistantLanguage,
): string | null {
  const t = textsIn(language, 'translation');
  const entry = CATEGORIES.find((each) => each.id === category);
  for (const name of entry?.subcategories ?? []) {
    const shown = t(subcategoryKey(category, name) as never) as string;
    if (names(words, name) || names(words, shown)) return shown;
  }
  return null;
}

/**
 * The item's category (the chosen one, else the first whose subcategory or name the idea or
 * tags mention) and subcategory. None when nothing names one: then no category's texts are used.
 */
export function itemWhere(idea: string, item: StudioItem, language: AssistantLanguage): ItemWhere {
  const t = textsIn(language, 'translation');
  const words = wordsOf([idea, ...item.tags].join(' '));
  const labelOf = (category: CategoryId) => t(`categories.${category}`);
  if (item.category && isCategory(item.category)) {
    const category = item.category;
    const subcategory = subcategoryNamed(words, category, language);
    return { category, categoryLabel: labelOf(category), subcategory };
  }
  for (const { id } of CATEGORIES) {
    const subcategory = subcategoryNamed(words, id, language);
    if (subcategory) return { category: id, categoryLabel: labelOf(id), subcategory };
  }
  for (const { id, label } of CATEGORIES) {
    if (names(words, label) || names(words, labelOf(id))) {
      return { category: id, categoryLabel: labelOf(id), subcategory: null };
    }
  }
  return { category: null, categoryLabel: null, subcategory: null };
}
