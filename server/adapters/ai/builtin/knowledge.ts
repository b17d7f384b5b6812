import type { AssistantLanguage } from '../../../../common/schemas/ai';
import { textsIn } from '../../../i18n';
import type { FeatureIntent, HelpIntent } from './intents';

/**
 * The help page's FAQ and the features page's cards (SPEC §2), from the web app's own texts
 * (the `translation` namespace): the guide answers with exactly what /help and /features say,
 * in the same three languages, and a change to those pages changes its answers too.
 */
export interface Knowledge {
  faq: Record<HelpIntent, { question: string; answer: string }>;
  features: Record<FeatureIntent | 'signup', { title: string; text: string }>;
  featuresIntro: string;
  /** Category names of the catalogue as the interface shows them. */
  categories: Record<string, string>;
}

export function knowledgeOf(language: AssistantLanguage): Knowledge {
  const t = textsIn(language, 'translation');
  return {
    faq: t('help.faq', { returnObjects: true }),
    features: t('features.cards', { returnObjects: true }),
    featuresIntro: t('features.intro'),
    categories: t('categories', { returnObjects: true }),
  };
}
