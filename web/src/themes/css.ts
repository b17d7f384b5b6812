import { THEME_NAMES, type ThemeName } from '../../../common/catalog/themes.ts';
import { rgbTriplet, type Hex } from './color.ts';
import { textureLayers } from './texture.ts';
import { THEMES, type ThemeTokens } from './tokens.ts';

/** Aura's own variables plus the Bootstrap 5.3 variables react-bootstrap components read. */
export function themeVariables(tokens: ThemeTokens): Record<string, string> {
  const layers = tokens.texture ? textureLayers(tokens.texture) : [];
  const rgb = (hex: Hex) => rgbTriplet(hex);
  return {
    '--aura-bg': tokens.bg,
    '--aura-surface': tokens.surface,
    '--aura-text': tokens.text,
    '--aura-muted': tokens.muted,
    '--aura-border': tokens.border,
    '--aura-primary': tokens.primary,
    '--aura-on-primary': tokens.onPrimary,
    '--aura-link': tokens.link,
    '--aura-accent-bg': tokens.accentBg,
    '--aura-smoke-rgb': rgb(tokens.smoke),
    '--aura-texture': layers.length ? layers.map((l) => l.image).join(', ') : 'none',
    '--aura-texture-size': layers.length ? layers.map((l) => l.size).join(', ') : 'auto',
    '--bs-body-bg': tokens.bg,
    '--bs-body-bg-rgb': rgb(tokens.bg),
    '--bs-body-color': tokens.text,
    '--bs-body-color-rgb': rgb(tokens.text),
    '--bs-emphasis-color': tokens.text,
    '--bs-emphasis-color-rgb': rgb(tokens.text),
    '--bs-heading-color': tokens.text,
    '--bs-secondary-color': tokens.muted,
    '--bs-secondary-color-rgb': rgb(tokens.muted),
    '--bs-tertiary-color': tokens.muted,
    '--bs-tertiary-color-rgb': rgb(tokens.muted),
    '--bs-secondary-bg': tokens.surface,
    '--bs-secondary-bg-rgb': rgb(tokens.surface),
    '--bs-tertiary-bg': tokens.surface,
    '--bs-tertiary-bg-rgb': rgb(tokens.surface),
    '--bs-border-color': tokens.border,
    '--bs-border-color-translucent': tokens.border,
    '--bs-primary': tokens.primary,
    '--bs-primary-rgb': rgb(tokens.primary),
    '--bs-primary-text-emphasis': tokens.link,
    '--bs-primary-bg-subtle': tokens.accentBg,
    '--bs-primary-border-subtle': tokens.border,
    '--bs-link-color': tokens.link,
    '--bs-link-color-rgb': rgb(tokens.link),
    '--bs-link-hover-color': tokens.text,
    '--bs-link-hover-color-rgb': rgb(tokens.text),
    '--bs-focus-ring-color': `rgba(${rgb(tokens.link)}, 0.4)`,
  };
}

/** The rule of one theme, selected by <html data-theme="...">. Specific enough to beat [data-bs-theme]. */
export function themeRule(
  name: ThemeName,
  themes: Record<ThemeName, ThemeTokens> = THEMES,
): string {
  const tokens = themes[name];
  const declarations = Object.entries(themeVariables(tokens))
    .map(([property, value]) => `${property}: ${value};`)
    .join(' ');
  return `html[data-theme='${name}'] { color-scheme: ${tokens.scheme}; ${declarations} }`;
}

/** Every theme's rule, one per line. */
export function buildThemeCss(themes: Record<ThemeName, ThemeTokens> = THEMES): string {
  return THEME_NAMES.map((name) => themeRule(name, themes)).join('\n');
}
