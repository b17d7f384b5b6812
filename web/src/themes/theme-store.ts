import { useSyncExternalStore } from 'react';
import { THEME_STYLESHEETS } from 'virtual:theme-stylesheets';
import { isThemeName, nextThemeName, type ThemeName } from '../../../common/catalog/themes';

const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The build makes a stylesheet for every name in THEME_NAMES (web/build/theme-stylesheets.ts). */
function stylesheetOf(name: ThemeName): { href: string; scheme: 'light' | 'dark' } {
  const stylesheet = THEME_STYLESHEETS[name];
  if (!stylesheet) throw new Error(`No stylesheet was built for the theme ${name}`);
  return stylesheet;
}

function savedTheme(): ThemeName | null {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isThemeName(saved) ? saved : null;
}

const systemTheme = (): ThemeName => (matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** SPEC §4: the saved mode if valid, else the system dark or light preference. */
export const initialTheme = (): ThemeName => savedTheme() ?? systemTheme();

let current: ThemeName = 'light';
/** The mode last asked for; it shows once its stylesheet has loaded. */
let requested: ThemeName = 'light';
const listeners = new Set<() => void>();
const stylesheets = new Map<ThemeName, Promise<void>>();

/**
 * Loads a mode's stylesheet once (web/build/theme-stylesheets.ts makes one per mode, so a page
 * downloads the mode it shows and not all 31). Resolves when it has loaded or failed: a failed
 * one is forgotten so a later switch tries again, and the page keeps Bootstrap's colours.
 */
function loadStylesheet(name: ThemeName): Promise<void> {
  const known = stylesheets.get(name);
  if (known) return known;
  const loading = new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetOf(name).href;
    link.dataset.themeStylesheet = name;
    link.onload = () => resolve();
    link.onerror = () => {
      stylesheets.delete(name);
      link.remove();
      resolve();
    };
    document.head.append(link);
  });
  stylesheets.set(name, loading);
  return loading;
}

function apply(name: ThemeName): void {
  current = name;
  const root = document.documentElement;
  root.dataset.theme = name;
  root.setAttribute('data-bs-theme', stylesheetOf(name).scheme);
  for (const listener of listeners) listener();
}

/** Shows `name` as soon as its stylesheet is there, unless another mode was asked for since. */
async function switchTo(name: ThemeName): Promise<void> {
  requested = name;
  await loadStylesheet(name);
  if (requested === name) apply(name);
}

/**
 * SPEC §4: the cycle button moves to the next mode, wraps, and the choice is saved. The mode
 * after it is fetched in the background, so pressing on switches at once.
 */
export function cycleTheme(): void {
  const next = nextThemeName(requested);
  localStorage.setItem(STORAGE_KEY, next);
  void switchTo(next).then(() => loadStylesheet(nextThemeName(next)));
}

let isInstalled = false;
let firstStylesheet: Promise<void> = Promise.resolve();

/**
 * Applies the initial mode and starts loading its stylesheet and, while nothing is saved,
 * follows the system preference live (SPEC §4).
 */
export function installThemes(): void {
  if (isInstalled) return;
  isInstalled = true;
  const initial = initialTheme();
  requested = initial;
  apply(initial);
  firstStylesheet = loadStylesheet(initial);
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (!savedTheme()) void switchTo(systemTheme());
  });
}

/** Settles when the first mode's stylesheet has loaded (or failed): the shell waits for it. */
export const themeReady = (): Promise<void> => firstStylesheet;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeName(): ThemeName {
  return useSyncExternalStore(subscribe, () => current);
}
