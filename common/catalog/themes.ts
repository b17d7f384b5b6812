/**
 * The 31 theme modes of SPEC §3, in cycle order (the cycle button moves to the next one and
 * wraps, SPEC §4). The first two are the system-preference defaults.
 */
export const THEME_NAMES = [
  'light',
  'dark',
  'aura',
  'greenLight',
  'greenDark',
  'blueLight',
  'blueDark',
  'orangeLight',
  'orangeDark',
  'pinkLight',
  'pinkDark',
  'turquoiseLight',
  'turquoiseDark',
  'deepseaTexturedLight',
  'deepseaTexturedDark',
  'sunflowerfieldsTexturedLight',
  'sunflowerfieldsTexturedDark',
  'desertTexturedLight',
  'desertTexturedDark',
  'coffeeTexturedLight',
  'coffeeTexturedDark',
  'kolibriShade1TexturedLight',
  'kolibriShade1TexturedDark',
  'kolibriShade2TexturedLight',
  'kolibriShade2TexturedDark',
  'futureTexturedLight',
  'futureTexturedDark',
  'darthVaderTexturedDark',
  'matrixNeon',
  'cyberBlueNeon',
  'cyberPinkNeon',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

export const isThemeName = (value: unknown): value is ThemeName =>
  typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);

/** SPEC §4: the cycle moves to the next mode and wraps after the last. */
export function nextThemeName(current: ThemeName): ThemeName {
  const index = THEME_NAMES.indexOf(current);
  return THEME_NAMES[(index + 1) % THEME_NAMES.length] ?? THEME_NAMES[0];
}
