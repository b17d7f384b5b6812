import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { decodeKey32, type Keys } from '../../keys';

/*
 * Payout account and routing numbers are encrypted at rest (issue 15): AES-256-GCM, a random
 * 12-byte nonce per value, and the id of the key that sealed it, so keys can be rotated. A
 * stored value reads `v1.<key id>.<nonce>.<ciphertext + tag>` (base64url parts). The creator
 * and the field are bound in as additional data: a sealed number copied to another creator or
 * field does not open.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type SealedField = 'accountNumber' | 'routingNumber';

export interface PayoutCipher {
  /** Id of the key new values are sealed with. */
  readonly currentKeyId: string;
  seal(plain: string, creatorId: string, field: SealedField): string;
  open(sealed: string, creatorId: string, field: SealedField): string;
  /** The key id a stored value names (no key needed). */
  keyIdOf(sealed: string): string;
}

/** A key's public name: derived from the key, so it reveals nothing and needs no registry. */
export function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('aura/payout-key-id').digest('hex').slice(0, 16);
}

const additionalData = (creatorId: string, field: SealedField) =>
  Buffer.from(`aura/payout/${creatorId}/${field}`);

export function createPayoutCipher(keys: { current: Buffer; previous?: readonly Buffer[] }) {
  const ring = new Map<string, Buffer>();
  for (const key of [keys.current, ...(keys.previous ?? [])]) {
    if (key.length !== 32) throw new Error('payout keys are 32 bytes');
    ring.set(keyIdOf(key), key);
  }
  const currentKeyId = keyIdOf(keys.current);

  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('not a sealed payout value');
    const [, keyId, nonce, body] = parts as [string, string, string, string];
    return { keyId, nonce: Buffer.from(nonce, 'base64url'), body: Buffer.from(body, 'base64url') };
  };

  const cipher: PayoutCipher = {
    currentKeyId,
    seal(plain, creatorId, field) {
      const nonce = randomBytes(NONCE_BYTES);
      const aes = createCipheriv('aes-256-gcm', keys.current, nonce);
      aes.setAAD(additionalData(creatorId, field));
      const body = Buffer.concat([aes.update(plain, 'utf8'), aes.final(), aes.getAuthTag()]);
      return [VERSION, currentKeyId, nonce.toString('base64url'), body.toString('base64url')].join(
        '.',
      );
    },
    open(sealed, creatorId, field) {
      const { keyId, nonce, body } = parse(sealed);
      const key = ring.get(keyId);
      if (!key) {
        throw new Error(
          `payout value sealed with unknown key ${keyId}: add that key to PAYOUT_KEYS_PREVIOUS`,
        );
      }
      const aes = createDecipheriv('aes-256-gcm', key, nonce);
      aes.setAAD(additionalData(creatorId, field));
      aes.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        aes.update(body.subarray(0, body.length - TAG_BYTES)),
        aes.final(),
      ]).toString('utf8');
    },
    keyIdOf: (sealed) => parse(sealed).keyId,
  };
  return cipher;
}

/**
 * The number `sealed` holds, or null when this server cannot open it (sealed with a key it does
 * not have, or damaged): one such row must not fail every answer and edit that touches it.
 */
export function openIfReadable(
  cipher: PayoutCipher,
  sealed: string,
  creatorId: string,
  field: SealedField,
): string | null {
  try {
    return cipher.open(sealed, creatorId, field);
  } catch {
    return null;
  }
}

/**
 * The payout keys of a configuration: PAYOUT_KEY (else the key derived for payouts from the root
 * secret) seals; PAYOUT_KEYS_PREVIOUS, and the derived key when PAYOUT_KEY replaced it, still
 * open, so moving from the default to an explicit key needs no other setting.
 */
export function payoutCipherOf(
  config: Pick<Config, 'PAYOUT_KEY' | 'PAYOUT_KEYS_PREVIOUS'>,
  keys: Pick<Keys, 'payout-encryption'>,
): PayoutCipher {
  const derived = keys['payout-encryption'];
  const decode = (text: string) => {
    const key = decodeKey32(text);
    if (!key) throw new Error('PAYOUT_KEY: must be 32 bytes as base64 or hex');
    return key;
  };
  const current = config.PAYOUT_KEY ? decode(config.PAYOUT_KEY) : derived;
  const previous = (config.PAYOUT_KEYS_PREVIOUS ?? []).map(decode);
  if (config.PAYOUT_KEY) previous.push(derived);
  return createPayoutCipher({ current, previous });
}
