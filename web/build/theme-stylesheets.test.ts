import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../../common/catalog/themes';
import { THEMES } from '../src/themes/tokens';
import { themeStylesheets } from './theme-stylesheets';

type Hook = (...args: unknown[]) => unknown;
const call = (hook: unknown, thisArg: unknown, ...args: unknown[]) =>
  (hook as Hook).call(thisArg, ...args);

describe('theme stylesheets', () => {
  it('maps every one of the 31 modes to its own stylesheet and colour scheme', () => {
    const plugin = themeStylesheets();
    call(plugin.configResolved, undefined, { command: 'build' });
    const emitted: Array<{ name: string; source: string }> = [];
    const context = {
      emitFile: (file: { name: string; source: string }) => {
        emitted.push(file);
        return `ref${emitted.length}`;
      },
    };
    const id = call(plugin.resolveId, context, 'virtual:theme-stylesheets') as string;
    const code = call(plugin.load, context, id) as string;

    expect(emitted.map((file) => file.name)).toEqual(THEME_NAMES.map((n) => `theme-${n}.css`));
    for (const [index, name] of THEME_NAMES.entries()) {
      const css = emitted[index]?.source ?? '';
      // One rule for its own mode only, from its tokens.
      expect(css).toContain(`html[data-theme='${name}']`);
      expect(css).toContain(`--bs-body-bg: ${THEMES[name].bg};`);
      expect(css.match(/html\[data-theme=/g)).toHaveLength(1);
      expect(code).toContain(
        `"${name}": { href: import.meta.ROLLUP_FILE_URL_ref${index + 1}, scheme: "${THEMES[name].scheme}" }`,
      );
    }
  });
});
