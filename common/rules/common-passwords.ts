import { PASSWORD_MIN_LENGTH, passwordShapeProblem, type PasswordFloorProblem } from './password';

type LanguageCommon = typeof import('@zxcvbn-ts/language-common');

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

/**
 * The most common passwords of zxcvbn-ts's maintained list (about 49,000 from breach corpora),
 * those long enough to pass the length floor; loaded on first use. The package unpacks all its
 * dictionaries when it loads (about 30 ms), which a server start need not wait for (issue 17).
 */
async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then((loaded) => {
    // Node loads the package's ES module (named exports); the server bundle its CommonJS build,
    // whose exports esbuild hands a dynamic import as the default export only.
    const { dictionary } =
      (loaded as LanguageCommon & { default?: LanguageCommon }).default ?? loaded;
    return new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH));
  });
  return (await commonPasswords).has(password.toLowerCase());
}

/**
 * The whole floor under every password a person sets (issue 18, ASVS 5.0 V6): its shape, then
 * the common-password list. Checked by the server on every path that sets a password; forms
 * check the shape only and show the server's refusal for a common one.
 */
export async function passwordFloorProblem(password: string): Promise<PasswordFloorProblem | null> {
  const shape = passwordShapeProblem(password);
  if (shape) return shape;
  return (await isCommonPassword(password)) ? 'passwordCommon' : null;
}
