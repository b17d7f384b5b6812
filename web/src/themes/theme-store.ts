import { useSyncExternalStore } from 'react';
import { isThemeName, nextThemeName, type ThemeName } from '../../../common/catalog/themes';
import { buildThemeCss } from './css';
import { THEMES } from './tokens';

const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const STYLE_ID = 'aura-themes';

function savedTheme(): ThemeName | null {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isThemeName(saved) ? saved : null;
}

const systemTheme = (): ThemeName => (matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** SPEC §4: the saved mode if valid, else the system dark or light preference. */
export const initialTheme = (): ThemeName => savedTheme() ?? systemTheme();

let current: ThemeName = 'light';
const listeners = new Set<() => void>();

function apply(name: ThemeName): void {
  current = name;
  const root = document.documentElement;
  root.dataset.theme = name;
  root.setAttribute('data-bs-theme', THEMES[name].scheme);
  for (const listener of listeners) listener();
}

/** SPEC §4: the cycle button moves to the next mode, wraps, and the choice is saved. */
export function cycleTheme(): void {
  const next = nextThemeName(current);
  localStorage.setItem(STORAGE_KEY, next);
  apply(next);
}

let isInstalled = false;

/**
 * Writes every theme's variables into one stylesheet (generated from tokens.ts, so the CSS and
 * the contrast test read the same data), applies the initial mode and, while nothing is saved,
 * follows the system preference live (SPEC §4).
 */
export function installThemes(): void {
  if (isInstalled) return;
  isInstalled = true;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = buildThemeCss();
  document.head.append(style);
  apply(initialTheme());
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (!savedTheme()) apply(systemTheme());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeName(): ThemeName {
  return useSyncExternalStore(subscribe, () => current);
}
