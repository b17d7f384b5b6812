import { isCategory, type CategoryId } from '../../../../common/catalog/categories';
import type { AssistantLanguage, StudioMode } from '../../../../common/schemas/ai';
import { normalize } from './intents';
import { knowledgeOf } from './knowledge';
import { DRAFT_LABELS } from '../../../../common/rules/ai-draft';
import { textsIn } from '../../../i18n';
import { STOPWORDS, type ItemKind } from './studio-stopwords';

/**
 * The studio's modes without a model: templates over the creator's own words and category (their
 * texts in the `assistant` namespace of the locale files, `studio.*`). The result is a few lines
 * the studio shows as bullet points; nothing is invented beyond the templates, and the same input
 * gives the same answer.
 */

const KIND_OF: Record<CategoryId, ItemKind> = {
  Music: 'sound',
  Video: 'moving',
  Visuals: 'image',
  DigitalArt: 'image',
  Photography: 'image',
  Tutorials: 'learning',
  Text: 'learning',
  Education: 'learning',
  Interactive: 'template',
  Templates: 'template',
  Gaming: 'template',
  Culinary: 'life',
  Spirituality: 'life',
  Culture: 'life',
  Fashion: 'life',
  Fitness: 'life',
  Lifestyle: 'life',
  Misc: 'life',
};

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

/** A stable number from the text, so one idea always gets the same picks. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function tagsOf(idea: string, language: AssistantLanguage, categoryLabel: string | null): string[] {
  const stop = new Set([...STOPWORDS[language]].map(normalize));
  const tags: string[] = [];
  for (const word of idea.toLocaleLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []) {
    if (word.length < 4 || stop.has(normalize(word)) || tags.includes(word)) continue;
    tags.push(word);
    if (tags.length === TAGS_MAX - 1) break;
  }
  if (categoryLabel) {
    const category = categoryLabel.toLocaleLowerCase();
    if (!tags.includes(category)) tags.push(category);
  }
  return tags;
}

export interface StudioInput {
  mode: StudioMode;
  message: string;
  language: AssistantLanguage;
  category: string | null;
}

/** The built-in answer of one studio mode, as lines joined by newlines. */
export function studioAnswer(input: StudioInput): string {
  const t = textsIn(input.language, 'assistant');
  const label = (field: keyof typeof DRAFT_LABELS) => DRAFT_LABELS[field][input.language];
  const category = input.category && isCategory(input.category) ? input.category : null;
  const kind: ItemKind = category ? KIND_OF[category] : 'life';
  const categoryLabel = category
    ? (knowledgeOf(input.language).categories[category] ?? category)
    : null;
  const idea = ideaOf(input.message);
  const seed = seedOf(normalize(idea));

  switch (input.mode) {
    case 'prompt': {
      const styles = t(`studio.styles.${kind}`, { returnObjects: true });
      return Array.from({ length: PROMPT_LINES }, (_, i) => {
        const style = styles[(seed + i) % styles.length] ?? '';
        return `${capitalise(idea)} — ${style}`;
      }).join('\n');
    }
    case 'draft': {
      const description = `${capitalise(idea).replace(/[.!?…]*$/, '.')} ${t(`studio.audience.${kind}`)} ${t('studio.closing')}`;
      return [
        `${label('title')}: ${titleOf(idea)}`,
        `${label('description')}: ${description}`,
        `${label('tags')}: ${tagsOf(idea, input.language, categoryLabel).join(', ')}`,
      ].join('\n');
    }
    case 'visual':
      return [
        `${label('caption')}: ${titleOf(idea)}`,
        `${label('altText')}: ${t('studio.altText', { replace: { idea } })}`,
      ].join('\n');
  }
}
