import type { Page } from '@playwright/test';
import type { Role } from '../../common/rules/roles';

/**
 * A JWT-shaped token with the SPEC §3 payload {id, role, exp}. The web client only decodes the
 * payload to know who is signed in, so the shell can be tested before accounts exist; the API
 * would reject this token (its signature is not real).
 */
export function unsignedToken(role: Role, id = `e2e-${role}`): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ id, role, exp })}.${part({ sig: 'e2e' })}`;
}

/** Every page load of this test starts signed in as `role`. */
export async function seedSignedIn(page: Page, role: Role): Promise<void> {
  await page.addInitScript((token) => localStorage.setItem('token', token), unsignedToken(role));
}

/** Sets localStorage entries before the app starts, on every page load of this test. */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}
