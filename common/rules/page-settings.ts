/**
 * Settings the server writes into the web app's index.html as <meta> tags, so the app knows
 * them at its first paint without a request (the landing page loads no query client).
 */
export const PAGE_SETTING_META = {
  /** "on" or "off": where test/mirror mode starts when the visitor has not chosen (SPEC §4). */
  testModeDefault: 'aura:test-mode-default',
  /** "on" or "off": whether the server can deliver mail (an SMTP transport is configured). */
  mailDelivers: 'aura:mail-delivers',
} as const;

export type PageSettings = Record<keyof typeof PAGE_SETTING_META, boolean>;
