import { expect } from 'vitest';
import type { SignupResponse } from '../../../common/schemas/auth';
import { uniqueName, type TestApp } from '../../test/app';

/** A password that scores 100 (length, digit, letter, special). */
export const STRONG_PASSWORD = 'Str0ng!pass';

export interface SignupFields {
  username: string;
  email: string;
  password: string;
  newsletter?: boolean;
  termsAndConditions?: boolean;
  acceptWeakPassword?: boolean;
}

/** Valid /v1/auth/signup fields for a person no other test has used. */
export function freshSignup(overrides: Partial<SignupFields> = {}): SignupFields {
  const username = overrides.username ?? uniqueName('acct_');
  return {
    username,
    email: `${username.toLowerCase()}@example.test`,
    password: STRONG_PASSWORD,
    newsletter: false,
    termsAndConditions: true,
    ...overrides,
  };
}

export const post = (t: TestApp, url: string, payload: object, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** Signs a new person up through the API and returns the answer (asserting 201). */
export async function signUp(
  t: TestApp,
  overrides: Partial<SignupFields> = {},
): Promise<SignupResponse & { fields: SignupFields }> {
  const fields = freshSignup(overrides);
  const res = await post(t, '/v1/auth/signup', fields);
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as SignupResponse), fields };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
