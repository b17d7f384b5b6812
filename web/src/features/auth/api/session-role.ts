import { ProfileResponse } from '../../../../../common/schemas/users';
import { adoptServerRole, confirmTokenRole } from '../../../app/auth';
import { request } from '../../../shared/api/request';

let asked: string | null = null;

/**
 * Asks the server once per signed-in account which role it holds now (issue 9: a promotion
 * keeps the old token, whose role claim is stale). Loaded on demand so the landing page's
 * JavaScript does not carry the schemas.
 */
export async function syncServerRole(userId: string): Promise<void> {
  if (asked === userId) return;
  asked = userId;
  try {
    const profile = ProfileResponse.parse(await request('/api/v1/users/profile'));
    adoptServerRole(profile.id, profile.role);
  } catch {
    // Signed out meanwhile (a 401 clears the session) or unreachable: the token's role stands.
    asked = null;
    confirmTokenRole(userId);
  }
}

/** After a change that may have promoted the user (their first item), asks again. */
export async function resyncServerRole(userId: string): Promise<void> {
  asked = null;
  await syncServerRole(userId);
}
