import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  strictTransportSecurity,
  takesApiHeaders,
} from './security';

const GSI = 'https://accounts.google.com/gsi/';

const mentionsGoogle = (directives: Record<string, string[] | null>) =>
  Object.values(directives).some((sources) => sources?.some((s) => s.includes('google.com')));

describe('contentSecurityPolicy', () => {
  it('keeps Google out entirely when Google sign-in is not configured', () => {
    const directives = contentSecurityPolicy(loadConfig({}));
    expect(mentionsGoogle(directives)).toBe(false);
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(directives.connectSrc).toEqual(["'self'"]);
  });

  it("allows exactly Google Identity Services' script, frame, fetches and styles with a client id", () => {
    const directives = contentSecurityPolicy(
      loadConfig({ GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com' }),
    );
    expect(directives.scriptSrc).toEqual(["'self'", `${GSI}client`]);
    expect(directives.frameSrc).toContain(GSI);
    expect(directives.connectSrc).toEqual(["'self'", GSI]);
    expect(directives.styleSrc).toContain(`${GSI}style`);
    // Nothing else widens: images, fonts and form targets stay on this origin.
    expect(directives.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.formAction).toEqual(["'self'"]);
    expect(directives.defaultSrc).toEqual(["'self'"]);
  });
});

describe('transport security follows PUBLIC_URL (issue 10)', () => {
  it('sends neither HSTS nor upgrade-insecure-requests for a plain-HTTP public address', () => {
    for (const env of [{}, { PUBLIC_URL: 'http://192.168.1.20:3000' }]) {
      const config = loadConfig(env);
      expect(strictTransportSecurity(config)).toBe(false);
      expect(contentSecurityPolicy(config).upgradeInsecureRequests).toBeNull();
    }
  });

  it('sends both for an https public address', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://aura.example.org' });
    expect(strictTransportSecurity(config)).toEqual({
      maxAge: 31_536_000,
      includeSubDomains: true,
    });
    expect(contentSecurityPolicy(config).upgradeInsecureRequests).toEqual([]);
  });
});

describe("the API's headers", () => {
  it('allow nothing and no framing, with HSTS only for an https public address', () => {
    expect(apiSecurityHeaders(loadConfig({}))).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(
      apiSecurityHeaders(loadConfig({ PUBLIC_URL: 'https://aura.example.org' })),
    ).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });

  it('go to every API path but the API docs, whose pages run scripts', () => {
    for (const url of [
      '/api/v1/items/1',
      '/api/v1/media/k?x=1',
      '/v1/auth/login',
      '/api',
      '/api/documents',
    ]) {
      expect(takesApiHeaders(url), url).toBe(true);
    }
    for (const url of [
      '/',
      '/feed',
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs?x',
      '/apis',
    ]) {
      expect(takesApiHeaders(url), url).toBe(false);
    }
  });
});
