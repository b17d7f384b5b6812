// What other modules may use of the admin area; the warnings table is written only here.
export { changeSuspension } from './actions';
export { adminRealtimePresenters } from './realtime';
export { adminRoutes } from './routes';
export type { WarningRow } from './tables';
export { issueWarning } from './warnings';
