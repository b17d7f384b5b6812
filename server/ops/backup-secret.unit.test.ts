import { describe, expect, it } from 'vitest';
import { newBackupKey, openSealedSecret, sealSecret } from './backup-secret';

describe('the root secret sealed in a backup', () => {
  const secret = 'generated-root-secret-generated-root-secret-0123';

  it('opens with the backup key it was sealed with', () => {
    const key = newBackupKey();
    const sealed = sealSecret(secret, key);
    expect(sealed.toString()).not.toContain(secret);
    expect(openSealedSecret(sealed, key)).toBe(secret);
  });

  it('does not open with another key, nor when changed', () => {
    const key = newBackupKey();
    const sealed = sealSecret(secret, key);
    expect(openSealedSecret(sealed, newBackupKey())).toBeNull();
    const changed = JSON.parse(sealed.toString()) as { body: string };
    const body = Buffer.from(changed.body, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = Buffer.from(JSON.stringify({ ...changed, body: body.toString('base64url') }));
    expect(openSealedSecret(tampered, key)).toBeNull();
    expect(openSealedSecret(Buffer.from('not json'), key)).toBeNull();
  });
});
