import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssistantLanguage } from '../../../../common/schemas/ai';
import type { FeatureIntent, HelpIntent } from './intents';

/**
 * The help page's FAQ and the features page's cards (SPEC §2), read from the web app's own
 * translation files: the guide answers with exactly what /help and /features say, in the same
 * three languages, and a change to those pages changes its answers too.
 */
export interface Knowledge {
  faq: Record<HelpIntent, { question: string; answer: string }>;
  features: Record<FeatureIntent | 'signup', { title: string; text: string }>;
  featuresIntro: string;
  /** Category names of the catalogue as the interface shows them. */
  categories: Record<string, string>;
}

const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public/locales',
);

interface TranslationFile {
  help: { faq: Knowledge['faq'] };
  features: { intro: string; cards: Knowledge['features'] };
  categories: Record<string, string>;
}

const loaded = new Map<AssistantLanguage, Knowledge>();

export function knowledgeOf(language: AssistantLanguage): Knowledge {
  const cached = loaded.get(language);
  if (cached) return cached;
  const file = JSON.parse(
    readFileSync(path.join(LOCALES_DIR, language, 'translation.json'), 'utf8'),
  ) as TranslationFile;
  const knowledge: Knowledge = {
    faq: file.help.faq,
    features: file.features.cards,
    featuresIntro: file.features.intro,
    categories: file.categories,
  };
  loaded.set(language, knowledge);
  return knowledge;
}
