/** Shown in the drawer and the Control Hub (SPEC §9). */
export const VERSION_TAG = 'aura-0.4.8-beta';
