import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../../../common/catalog/themes';
import { composite, contrastRatio, parseHex, type Hex, type Rgb } from './color';
import { buildThemeCss } from './css';
import { textureLayers } from './texture';
import { THEMES, type ThemeTokens } from './tokens';

const AA_NORMAL_TEXT = 4.5;

/** Every colour the page background can take under the texture: each subset of layers painted. */
function pageBackgrounds(tokens: ThemeTokens): Rgb[] {
  const base = parseHex(tokens.bg);
  const layers = tokens.texture ? textureLayers(tokens.texture) : [];
  const results: Rgb[] = [];
  for (let mask = 0; mask < 1 << layers.length; mask++) {
    let colour = base;
    layers.forEach((layer, index) => {
      if (!(mask & (1 << index))) return;
      for (let i = 0; i < layer.paints; i++)
        colour = composite(colour, parseHex(layer.tint), layer.alpha);
    });
    results.push(colour);
  }
  return results;
}

/** The text/background pairs the shell paints (see shell.css). */
function pairs(tokens: ThemeTokens): Array<[string, Hex, Rgb]> {
  const pageText: Array<[string, Hex]> = [
    ['text', tokens.text],
    ['muted', tokens.muted],
    ['link', tokens.link],
  ];
  const onPage = pageBackgrounds(tokens).flatMap((bg, i) =>
    pageText.map(([name, fg]): [string, Hex, Rgb] => [`${name} on page#${i}`, fg, bg]),
  );
  const surface = parseHex(tokens.surface);
  return [
    ...onPage,
    ...pageText.map(([name, fg]): [string, Hex, Rgb] => [`${name} on surface`, fg, surface]),
    ['onPrimary on primary', tokens.onPrimary, parseHex(tokens.primary)],
    ['link on accentBg', tokens.link, parseHex(tokens.accentBg)],
    ['text on accentBg', tokens.text, parseHex(tokens.accentBg)],
  ];
}

describe('theme tokens', () => {
  it('define all 31 modes of SPEC §3', () => {
    expect(THEME_NAMES).toHaveLength(31);
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_NAMES].sort());
  });

  it.each(THEME_NAMES)('%s keeps text contrast at WCAG AA on its main surfaces', (name) => {
    const failures = pairs(THEMES[name])
      .map(([label, fg, bg]) => ({ label, ratio: contrastRatio(parseHex(fg), bg) }))
      .filter(({ ratio }) => ratio < AA_NORMAL_TEXT)
      .map(({ label, ratio }) => `${label}: ${ratio.toFixed(2)}`);
    expect(failures).toEqual([]);
  });

  it('generates one CSS rule per theme from the same tokens', () => {
    const css = buildThemeCss();
    for (const name of THEME_NAMES) {
      expect(css).toContain(`html[data-theme='${name}']`);
      expect(css).toContain(`--bs-body-bg: ${THEMES[name].bg};`);
    }
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio(parseHex('#000000'), parseHex('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#777777'), parseHex('#ffffff'))).toBeCloseTo(4.48, 2);
  });
});
