import { readFileSync } from 'node:fs';
import i18next, { type i18n, type Resource, type TFunction } from 'i18next';
import { I18N_OPTIONS, LANGUAGES, NAMESPACES, type Language, type Namespace } from '../common/i18n';

/*
 * The server's one i18next instance: mails, the built-in assistant, and the web's help and
 * features texts the assistant quotes, all from the web's own locale files, so there is one set
 * of files to translate. Made on first use (a start that sends no mail pays nothing for it).
 */

const LOCALES_DIR = new URL('../web/public/locales/', import.meta.url);

function readLocaleFiles(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    resources[language] = Object.fromEntries(
      NAMESPACES.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES_DIR), 'utf8')),
      ]),
    );
  }
  return resources;
}

let instance: i18n | undefined;

function serverI18n(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    // With the resources at hand and initAsync off, init is done when it returns.
    void instance.init({
      ...I18N_OPTIONS,
      initAsync: false,
      ns: [...NAMESPACES],
      defaultNS: 'translation',
      resources: readLocaleFiles(),
      // A value a caller did not give leaves nothing, never a raw `{{name}}` in a mail.
      missingInterpolationHandler: () => '',
    });
  }
  return instance;
}

/** The texts of one namespace in one language. */
export function textsIn<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  return serverI18n().getFixedT(language, namespace);
}
