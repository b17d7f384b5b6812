import { THEME_NAMES, type ThemeName } from '../../common/catalog/themes.ts';
import type { Plugin } from 'vite';
import { themeRule } from '../src/themes/css.ts';
import { THEMES } from '../src/themes/tokens.ts';

const MODULE_ID = 'virtual:theme-stylesheets';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** Where the dev server answers with a theme's CSS. */
const DEV_PREFIX = '/@aura-theme/';

/**
 * One small stylesheet per theme mode (web/src/themes/tokens.ts turned into CSS variables by
 * css.ts), so a page loads the mode it shows and not all 31. `virtual:theme-stylesheets` maps
 * each mode to its stylesheet's URL and colour scheme; theme-store.ts loads the one in use.
 * The build emits them as hashed assets; the dev server answers them itself.
 */
export function themeStylesheets(): Plugin {
  let isBuild = false;
  return {
    name: 'aura-theme-stylesheets',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const entries = THEME_NAMES.map((name) => {
        const href = isBuild
          ? `import.meta.ROLLUP_FILE_URL_${this.emitFile({
              type: 'asset',
              name: `theme-${name}.css`,
              source: themeRule(name),
            })}`
          : JSON.stringify(`${DEV_PREFIX}${name}.css`);
        return `${JSON.stringify(name)}: { href: ${href}, scheme: ${JSON.stringify(THEMES[name].scheme)} }`;
      });
      return `export const THEME_STYLESHEETS = {\n${entries.join(',\n')}\n};\n`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith(DEV_PREFIX)
          ? req.url.slice(DEV_PREFIX.length).replace(/\.css$/, '')
          : null;
        if (!name || !(name in THEMES)) return next();
        res.setHeader('content-type', 'text/css');
        res.end(themeRule(name as ThemeName));
      });
    },
  };
}
