import type { Viewer } from '../../auth/guard';

/** A dashboard shows the signed-in user's own figures; nobody reads another's (SPEC §6). */
export const dashboardSubject = (viewer: Viewer): string => viewer.id;
