import type { AssistantLanguage } from '../schemas/ai';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_TAG_MAX_LENGTH,
  ITEM_TAGS_MAX,
  ITEM_TITLE_MAX,
} from '../schemas/items';

/**
 * The field labels of a studio draft ("Title: ...", "Description: ...", "Tags: ..."). The built-in
 * guide writes them in the user's language and a model may answer in any of the three, so the
 * studio reads all of them when it hands a result to the upload form.
 */
export const DRAFT_LABELS = {
  title: { en: 'Title', es: 'Título', de: 'Titel' },
  description: { en: 'Description', es: 'Descripción', de: 'Beschreibung' },
  tags: { en: 'Tags', es: 'Etiquetas', de: 'Schlagwörter' },
  caption: { en: 'Caption', es: 'Leyenda', de: 'Bildunterschrift' },
  altText: { en: 'Alt text', es: 'Texto alternativo', de: 'Alternativtext' },
} as const satisfies Record<string, Record<AssistantLanguage, string>>;

export interface UploadDraft {
  title: string;
  description: string;
  tags: string[];
}

type Field = keyof typeof DRAFT_LABELS;

function labelled(line: string): { field: Field; value: string } | null {
  const lower = line.toLowerCase();
  for (const [field, names] of Object.entries(DRAFT_LABELS) as [Field, Record<string, string>][]) {
    // 'Tags' is understood in every language: models often keep the English word.
    const aliases = field === 'tags' ? ['Tags'] : [];
    for (const name of [...Object.values(names), ...aliases]) {
      if (lower.startsWith(`${name.toLowerCase()}:`)) {
        return { field, value: line.slice(name.length + 1).trim() };
      }
    }
  }
  return null;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * A studio result (its lines) as the upload form's title, description and tags: labelled lines
 * go to their field; otherwise the first line is the title and the rest the description.
 */
export function draftFromLines(lines: readonly string[]): UploadDraft {
  let title = '';
  const description: string[] = [];
  const tags: string[] = [];
  const unlabelled: string[] = [];
  for (const line of lines) {
    const found = labelled(line);
    if (!found) unlabelled.push(line);
    else if (found.field === 'title' || (found.field === 'caption' && !title)) {
      title = found.value;
    } else if (found.field === 'tags') {
      for (const tag of found.value.split(/[,#]/)) {
        const trimmed = tag.trim().slice(0, ITEM_TAG_MAX_LENGTH);
        if (trimmed && !tags.includes(trimmed)) tags.push(trimmed);
      }
    } else description.push(found.value);
  }
  if (!title && unlabelled.length > 0) title = unlabelled.shift() ?? '';
  description.push(...unlabelled);
  return {
    // Cut to the upload form's limits rather than refused there.
    title: clip(title, ITEM_TITLE_MAX),
    description: clip(description.join('\n'), ITEM_DESCRIPTION_MAX),
    tags: tags.slice(0, ITEM_TAGS_MAX),
  };
}

/** The draft the studio hands to /upload in the navigation state, or null when there is none. */
export function uploadDraftFrom(state: unknown): UploadDraft | null {
  const draft = (state as { draft?: unknown } | null)?.draft as Partial<UploadDraft> | undefined;
  if (!draft || typeof draft.title !== 'string' || typeof draft.description !== 'string') {
    return null;
  }
  const tags = Array.isArray(draft.tags) ? draft.tags.filter((t) => typeof t === 'string') : [];
  return { title: draft.title, description: draft.description, tags };
}
