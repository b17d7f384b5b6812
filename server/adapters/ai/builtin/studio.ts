import { DRAFT_LABELS } from '../../../../common/rules/ai-draft';
import { formatMoney } from '../../../../common/rules/money';
import { WALLET_CURRENCY as ITEM_CURRENCY } from '../../../../common/schemas/billing';
import type { AssistantLanguage, StudioMode } from '../../../../common/schemas/ai';
import { textsIn } from '../../../i18n';
import type { StudioItem } from '../provider';
import { INTL_LOCALE } from './chat';
import { normalize } from './intents';
import { itemWhere, type ItemWhere } from './studio-catalog';
import { STOPWORDS } from './studio-stopwords';

/**
 * The studio's modes without a model, built from what the creator said of the item: their idea
 * (the title), the category (chosen, or recognised from a subcategory's name in their words),
 * their tags, and the tier or price. What each category's items are judged by (`aspects`) and
 * who they are for (`audience`) are that category's own texts in the `assistant` namespace
 * (`studio.categories.<id>`); an item of no known category gets no category's words. Nothing is
 * invented beyond that, and the same input gives the same answer.
 */

const IDEA_MAX = 120;
const TITLE_MAX = 60;
const PROMPT_LINES = 4;
const TAGS_MAX = 5;

/** The input as one line, short enough to quote. */
function ideaOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length <= IDEA_MAX ? line : `${line.slice(0, IDEA_MAX).replace(/\s+\S*$/, '')}…`;
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The first sentence, cut at a word to fit a title, without closing punctuation. */
function titleOf(idea: string): string {
  const sentence = (idea.split(/(?<=[.!?])\s/)[0] ?? idea).replace(/[\s.!?…,;:]+$/, '');
  const cut =
    sentence.length <= TITLE_MAX ? sentence : sentence.slice(0, TITLE_MAX).replace(/\s+\S*$/, '');
  return capitalise(cut || sentence.slice(0, TITLE_MAX));
}

/** A stable number from the text, so one idea always gets the same order. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** "loops" and "loop", "Soundeffekte" and "Soundeffekt" are one tag. */
const stemOf = (word: string) => {
  const plain = normalize(word);
  return plain.length > 4 ? plain.replace(/(es|en|e|s|n)$/, '') : plain;
};

/** The creator's tags first, then words of the idea, then the subcategory and the category. */
function tagsOf(idea: string, item: StudioItem, where: ItemWhere, language: AssistantLanguage) {
  const stop = new Set([...STOPWORDS[language]].map(normalize));
  const words = idea.toLocaleLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  const own = [
    ...item.tags.map((tag) => tag.toLocaleLowerCase()),
    ...words.filter((word) => word.length >= 4 && !stop.has(normalize(word))),
  ];
  const stems = new Set(own.map(stemOf));
  const place = [where.subcategory, where.categoryLabel]
    .filter((label): label is string => label !== null)
    .map((label) => label.toLocaleLowerCase())
    .filter((label) => !stems.has(stemOf(label)));
  const tags: string[] = [];
  for (const tag of own) {
    if (tags.length === TAGS_MAX - place.length) break;
    if (!tags.some((each) => stemOf(each) === stemOf(tag))) tags.push(tag);
  }
  return [...tags, ...place];
}

export interface StudioInput {
  mode: StudioMode;
  message: string;
  language: AssistantLanguage;
  item: StudioItem;
}

/** The built-in answer of one studio mode, as lines joined by newlines. */
export function studioAnswer(input: StudioInput): string {
  const t = textsIn(input.language, 'assistant');
  const label = (field: keyof typeof DRAFT_LABELS) => DRAFT_LABELS[field][input.language];
  const idea = ideaOf(input.message);
  const where = itemWhere(idea, input.item, input.language);
  const texts = where.category
    ? t(`studio.categories.${where.category}`, { returnObjects: true })
    : null;

  switch (input.mode) {
    case 'prompt': {
      const aspects = texts?.aspects ?? t('studio.neutralAspects', { returnObjects: true });
      const context = [
        [where.categoryLabel, where.subcategory].filter(Boolean).join(' · '),
        input.item.tags.map((tag) => `#${tag.replace(/\s+/g, '')}`).join(' '),
      ]
        .filter(Boolean)
        .join(' · ');
      const seed = seedOf(normalize(idea));
      return Array.from({ length: PROMPT_LINES }, (_, i) => {
        const aspect = aspects[(seed + i) % aspects.length] ?? '';
        const replace = { idea: capitalise(idea), context, aspect };
        return context ? t('studio.prompt', { replace }) : t('studio.promptPlain', { replace });
      }).join('\n');
    }
    case 'draft': {
      const sentences = [capitalise(idea).replace(/[.!?…]*$/, '.')];
      if (texts && where.categoryLabel) {
        const replace = {
          category: where.categoryLabel,
          subcategory: where.subcategory ?? '',
          audience: texts.audience,
        };
        sentences.push(
          where.subcategory
            ? t('studio.kindWithSubcategory', { replace })
            : t('studio.kind', { replace }),
        );
      }
      sentences.push(...accessOf(input.item, input.language));
      return [
        `${label('title')}: ${titleOf(idea)}`,
        `${label('description')}: ${sentences.join(' ')}`,
        `${label('tags')}: ${tagsOf(idea, input.item, where, input.language).join(', ')}`,
      ].join('\n');
    }
    case 'visual':
      return [
        `${label('caption')}: ${titleOf(idea)}`,
        `${label('altText')}: ${t('studio.altText', { replace: { idea } })}`,
      ].join('\n');
  }
}

/** How the item is had: the tier whose members open it, its price, or that it is free. */
function accessOf(item: StudioItem, language: AssistantLanguage): string[] {
  const t = textsIn(language, 'assistant');
  const sentences: string[] = [];
  if (item.tier) sentences.push(t('studio.access.tier', { replace: { tier: item.tier } }));
  if (item.priceCents === 0) sentences.push(t('studio.access.free'));
  else if (item.priceCents !== null) {
    const price = formatMoney(item.priceCents, ITEM_CURRENCY, INTL_LOCALE[language]);
    sentences.push(t('studio.access.price', { replace: { price } }));
  }
  return sentences;
}
