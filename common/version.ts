/** Shown in the drawer, the footer, the Control Hub (SPEC §9) and /api/v1/health; package.json's version (common/version.test.ts). */
export const VERSION_TAG = 'aura-0.4.8-beta';
