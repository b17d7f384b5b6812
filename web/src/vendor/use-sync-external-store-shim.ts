/*
 * React 19 has useSyncExternalStore; the `use-sync-external-store/shim` package that
 * react-i18next and recharts import carries a fallback for older Reacts, which every page
 * would download for nothing (vite.config.ts aliases the shim here).
 */
export { useSyncExternalStore } from 'react';
