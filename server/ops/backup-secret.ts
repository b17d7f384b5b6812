import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { decodeKey32 } from '../keys';

/*
 * The root secret the server generated under DATA_DIR (no JWT_SECRET) travels in the backup,
 * sealed: without it a restored server signs everyone out and cannot open the payout numbers
 * sealed with a key derived from it. AES-256-GCM under a key derived from the backup key (which
 * the archive does not hold), with a random nonce; the tag makes a wrong key or a changed
 * archive fail instead of restoring a wrong secret.
 */

/** The archive entry holding the sealed secret. */
export const SEALED_SECRET_ENTRY = 'secrets/root-secret.sealed';

const FORMAT = 'aura-sealed-secret/1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const ADDITIONAL_DATA = Buffer.from('aura/backup/root-secret');

const sealingKey = (backupKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', backupKey, 'aura/hkdf/v1', 'aura/backup/root-secret', 32));

/** BACKUP_KEY as given (32 bytes, hex or base64 like PAYOUT_KEY), or null when it is not one. */
export const decodeBackupKey = (text: string): Buffer | null => decodeKey32(text);

export const newBackupKey = (): Buffer => randomBytes(32);

export function sealSecret(secret: string, backupKey: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const aes = createCipheriv('aes-256-gcm', sealingKey(backupKey), nonce);
  aes.setAAD(ADDITIONAL_DATA);
  const body = Buffer.concat([aes.update(secret, 'utf8'), aes.final(), aes.getAuthTag()]);
  return Buffer.from(
    JSON.stringify({
      format: FORMAT,
      nonce: nonce.toString('base64url'),
      body: body.toString('base64url'),
    }),
  );
}

/** The sealed secret, or null when `backupKey` does not open it (or it is not one). */
export function openSealedSecret(sealed: Buffer, backupKey: Buffer): string | null {
  try {
    const parsed = JSON.parse(sealed.toString('utf8')) as {
      format?: unknown;
      nonce?: unknown;
      body?: unknown;
    };
    if (parsed.format !== FORMAT) return null;
    if (typeof parsed.nonce !== 'string' || typeof parsed.body !== 'string') return null;
    const nonce = Buffer.from(parsed.nonce, 'base64url');
    const body = Buffer.from(parsed.body, 'base64url');
    if (nonce.length !== NONCE_BYTES || body.length <= TAG_BYTES) return null;
    const aes = createDecipheriv('aes-256-gcm', sealingKey(backupKey), nonce);
    aes.setAAD(ADDITIONAL_DATA);
    aes.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([
      aes.update(body.subarray(0, body.length - TAG_BYTES)),
      aes.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
