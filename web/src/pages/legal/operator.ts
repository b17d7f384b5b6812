/**
 * The platform operator's details for the imprint, the privacy policy and the help page's contact
 * button. A self-hosted instance sets them at build time (VITE_* variables read by Vite); until
 * then the pages show a placeholder asking the operator to fill them in.
 */
const env = (name: string): string => {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' ? value.trim() : '';
};

export const OPERATOR = {
  name: env('VITE_OPERATOR_NAME'),
  address: env('VITE_OPERATOR_ADDRESS'),
  representative: env('VITE_OPERATOR_REPRESENTATIVE'),
  email: env('VITE_OPERATOR_EMAIL'),
  phone: env('VITE_OPERATOR_PHONE'),
  register: env('VITE_OPERATOR_REGISTER'),
  vatId: env('VITE_OPERATOR_VAT_ID'),
} as const;

export type OperatorField = keyof typeof OPERATOR;

/** Where the help page's contact button writes to. */
export const SUPPORT_EMAIL = env('VITE_SUPPORT_EMAIL') || OPERATOR.email || 'support@example.com';
