import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Argon2id (2) with OWASP's minimum: 19 MiB, 2 passes, one lane. `Algorithm` is a const enum
// that isolatedModules cannot read, so its value is written out.
const ARGON2ID = 2 as Algorithm;
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/** Argon2id hash in PHC format; the password itself is never stored or logged. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

// Verified instead of a real hash when the account does not exist, so an unknown name costs
// the same time as a wrong password and the answer time does not tell them apart.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword('no account has this password'));

/**
 * Checks a password against a stored hash; with no hash (unknown or Google-only account) a
 * dummy hash is checked and the answer is false.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummy(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a server fault the caller can see.
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's and should be redone. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      used.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      used.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}
