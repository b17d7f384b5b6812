import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Clock } from '../../context';

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** What Aura takes from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

export interface GoogleVerifier {
  /**
   * The identity in a genuine, current ID token for our client id; null for anything else.
   * Throws GoogleUnavailableError when Google's keys cannot be fetched.
   */
  verify(credential: string): Promise<GoogleIdentity | null>;
}

/** Google's key set could not be loaded: not the user's fault, so not a failed sign-in. */
export class GoogleUnavailableError extends Error {}

// jose reports a key set it could not fetch as a timeout, a plain JOSEError (bad HTTP answer or
// JSON) or fetch's own TypeError; every other JOSEError is about the token itself.
const isKeySetFailure = (err: unknown) =>
  err instanceof errors.JWKSTimeout ||
  !(err instanceof errors.JOSEError) ||
  err.code === 'ERR_JOSE_GENERIC';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Checks a Google ID token with jose against Google's published keys (fetched from `jwksUrl`
 * and cached by jose): signature, `aud` = our client id, Google's `iss`, and `exp` by our clock.
 */
export function createGoogleVerifier(opts: {
  clientId: string;
  jwksUrl: string;
  clock: Clock;
}): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000 });
  return {
    async verify(credential) {
      try {
        const { payload } = await jwtVerify(credential, keys, {
          audience: opts.clientId,
          issuer: GOOGLE_ISSUERS,
          algorithms: ['RS256'],
          currentDate: opts.clock.now(),
          requiredClaims: ['exp', 'sub'],
        });
        const sub = text(payload.sub);
        const email = text(payload.email);
        if (!sub || !email) return null;
        return {
          sub,
          email,
          // Google sends a boolean; older tokens carried the string "true".
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          name: text(payload.name),
          givenName: text(payload.given_name),
          familyName: text(payload.family_name),
          picture: text(payload.picture),
        };
      } catch (err) {
        if (isKeySetFailure(err))
          throw new GoogleUnavailableError('Google keys unavailable', { cause: err });
        return null;
      }
    },
  };
}
