declare module 'virtual:theme-stylesheets' {
  /** Per theme mode: the URL of its stylesheet and its colour scheme (web/build/theme-stylesheets.ts). */
  export const THEME_STYLESHEETS: Readonly<
    Record<string, { href: string; scheme: 'light' | 'dark' }>
  >;
}
