/**
 * The aria-describedby of an account form field: its help texts (hint, live status, strength)
 * and, only while it is shown, its error. /auth's signup reads the error before the help texts,
 * /register after them.
 */
export function describedBy(
  helpIds: readonly string[],
  errorId: string | null,
  isErrorFirst = false,
): string | undefined {
  const ids = isErrorFirst ? [errorId, ...helpIds] : [...helpIds, errorId];
  return ids.filter((id) => id !== null && id !== '').join(' ') || undefined;
}
