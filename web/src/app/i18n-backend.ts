import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads a language's translation file from /locales/<language>/<namespace>.json (SPEC §7: the
 * translation files are fetched per language). The few lines i18next-http-backend would add
 * 7 kB to every page for.
 */
export const localeFileBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${language}/${namespace}.json`)
      .then((res) => {
        if (!res.ok) throw new Error(`Loading the ${language} texts failed: ${res.status}`);
        return res.json() as Promise<Record<string, unknown>>;
      })
      .then(
        (texts) => callback(null, texts),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
      );
  },
};
