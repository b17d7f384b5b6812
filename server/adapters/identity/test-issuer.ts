import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * A stand-in for Google in tests: publishes a JWKS on 127.0.0.1 (as Google does at
 * oauth2/v3/certs) and signs ID tokens with the matching key, so the real verifier runs.
 */
export interface TestGoogleIssuer {
  jwksUrl: string;
  /** Requests the JWKS endpoint has answered. */
  jwksRequests: number;
  /** An ID token with Google's claims; `claims` override or add to them. */
  idToken(
    claims?: Partial<GoogleClaims> & JWTPayload,
    opts?: { key?: CryptoKey; expiresInSeconds?: number; now?: Date },
  ): Promise<string>;
  /** A key of the same kind and key id that the JWKS does not publish (a forged signature). */
  foreignKey: CryptoKey;
  close(): Promise<void>;
}

export interface GoogleClaims {
  iss: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
}

const KEY_ID = 'aura-test-key';

export async function startTestGoogleIssuer(clientId: string): Promise<TestGoogleIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const issuer = { jwksRequests: 0 };
  const server: Server = createServer((req, res) => {
    if (req.url === '/oauth2/v3/certs') {
      issuer.jwksRequests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    get jwksRequests() {
      return issuer.jwksRequests;
    },
    foreignKey: foreign.privateKey,
    async idToken(claims = {}, opts = {}) {
      const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
      const { iss, aud, sub, ...rest } = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: `google-${crypto.randomUUID()}`,
        email_verified: true,
        ...claims,
      };
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .setIssuer(iss as string)
        .setAudience(aud as string)
        .setSubject(sub as string)
        .setIssuedAt(now)
        .setExpirationTime(now + (opts.expiresInSeconds ?? 3600))
        .sign(opts.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
