import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The files of the web build a server-rendered page names, read once from Vite's manifest. */
export interface BuildFiles {
  /** The app's entry module, which index.html loads (`/assets/index-….js`). */
  appEntry: string;
  /** web/src/boot.ts as built. */
  boot: string;
  /** The stylesheets a page's module brings (with its imports) beyond the entry's own. */
  stylesheetsOf(source: string): string[];
  /** A theme mode's stylesheet (web/build/theme-stylesheets.ts), or null when not built. */
  themeStylesheet(name: string): string | null;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** Null when the build has no manifest or boot script: pages are then served as the app alone. */
export function readBuildFiles(webRoot: string, template: string): BuildFiles | null {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  const appEntry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!appEntry || !fs.existsSync(manifestPath)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const boot = manifest['src/boot.ts']?.file;
  if (!boot) return null;
  const entryCss = new Set(manifest['index.html']?.css ?? []);
  const assets = fs.readdirSync(path.join(webRoot, 'assets'));

  const cssOf = (key: string, seen: Set<string>): string[] => {
    if (seen.has(key) || key === 'index.html') return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return [];
    return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((next) => cssOf(next, seen))];
  };
  return {
    appEntry,
    boot: `/${boot}`,
    stylesheetsOf: (source) =>
      [...new Set(cssOf(source, new Set()))].filter((f) => !entryCss.has(f)).map((f) => `/${f}`),
    themeStylesheet(name) {
      // The build names them theme-<mode>-<8-character hash>.css.
      const file = assets.find(
        (f) =>
          f.startsWith(`theme-${name}-`) &&
          /^[\w-]{8}\.css$/.test(f.slice(`theme-${name}-`.length)),
      );
      return file ? `/assets/${file}` : null;
    },
  };
}
