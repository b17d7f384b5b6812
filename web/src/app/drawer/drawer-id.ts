/** The drawer's element id, shared by the buttons that open it (aria-controls). */
export const DRAWER_ID = 'aura-drawer';
