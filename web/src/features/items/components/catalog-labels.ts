import type { TFunction } from 'i18next';
import {
  isCategory,
  isSubcategoryOf,
  subcategoryKey,
} from '../../../../../common/catalog/categories';
import type en from '../../../../public/locales/en/translation.json';

type Subcategories = (typeof en)['subcategories'];

/** Every subcategory key en holds, e.g. 'subcategories.Music.mixingMastering'. */
export type SubcategoryTranslationKey = {
  [C in keyof Subcategories]: `subcategories.${C}.${keyof Subcategories[C] & string}`;
}[keyof Subcategories];

/** A category's label in the current language; a value outside the catalogue shows as stored. */
export function categoryLabel(t: TFunction, category: string): string {
  return isCategory(category) ? t(`categories.${category}`) : category;
}

/**
 * A subcategory's label in the current language. The stored value is the English name, so a
 * value outside the category's catalogue (an older item, say) shows as stored.
 */
export function subcategoryLabel(t: TFunction, category: string, subcategory: string): string {
  if (!isSubcategoryOf(category, subcategory)) return subcategory;
  // The key is computed, so the compiler cannot see it is one of en's; the catalogue test in
  // catalog-labels.test.ts proves every catalogue entry's key is in en.
  return t(subcategoryKey(category, subcategory) as SubcategoryTranslationKey);
}
