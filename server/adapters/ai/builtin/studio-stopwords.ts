import type { AssistantLanguage } from '../../../../common/schemas/ai';

/** The families of categories whose items are described alike (`studio.styles.<kind>`). */
export type ItemKind = 'sound' | 'moving' | 'image' | 'learning' | 'template' | 'life';

/**
 * Words never used as a draft's tags, per language. Matching rules like the keywords of
 * intents.ts, not text anyone reads, so they stay in code.
 */
export const STOPWORDS: Record<AssistantLanguage, ReadonlySet<string>> = {
  en: new Set(
    'about above after again also been being below both could does doing down during each from have having here into just more most much only other over same should some such than that their them then there these they this those through under until very want were what when where which while will with would your yours make made like'.split(
      ' ',
    ),
  ),
  es: new Set(
    'como cuando donde desde entre hasta hacia para pero porque sobre sino tambien tiene tienen este esta estos estas unos unas muy mas menos algo todo toda todos todas cada otro otra quiero hacer sobre mucho'.split(
      ' ',
    ),
  ),
  de: new Set(
    'aber auch dass dein deine diese dieser dieses doch durch eine einem einen einer eines etwas für habe haben hier immer mein meine mehr noch oder ohne sehr sein seine sind über unter viel weil wenn werden wird wollen machen möchte'.split(
      ' ',
    ),
  ),
};
