import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../../common/rules/account';

// Room for a "_12345678" suffix, so every candidate stays within the username length rule.
const SUFFIX_ROOM = 9;

/**
 * A username stem for an account made by Google sign-in: the email's local part (else the
 * name) reduced to the SPEC §5 character set and length. "José.Núñez" becomes "Jose_Nunez".
 */
export function usernameStem(email: string, name: string | null): string {
  const source = [email.split('@')[0] ?? '', name ?? ''].find((s) => /[A-Za-z0-9]/.test(s)) ?? '';
  let stem = source
    .normalize('NFKD')
    // Accents split off by NFKD are dropped, so "é" becomes "e" rather than "e_".
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH - SUFFIX_ROOM)
    .replace(/_+$/, '');
  if (stem.length === 0) stem = 'user';
  if (stem.length < USERNAME_MIN_LENGTH) stem = `${stem}_user`;
  return stem;
}

/** Stem first, then stem_2, stem_3 ...: the first free one becomes the username. */
export function usernameCandidates(stem: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? stem : `${stem}_${i + 1}`));
}

/** Last resort when the numbered candidates are all taken: a random 8-digit suffix. */
export const randomUsername = (stem: string, random: () => number = Math.random) =>
  `${stem}_${Math.floor(random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
