import { useTranslation } from 'react-i18next';
import { RequestError } from '../api/request';
import { isFormMessageKey } from './account-forms';

/** Translates a form or server message: SPEC §5 keys through `register.messages`, text as is. */
export function useFormMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined || message === '') return undefined;
    return isFormMessageKey(message) ? t(`register.messages.${message}`) : message;
  };
}

/**
 * SPEC §8: a failed sign-in or signup shows the server's text; only when the server gave none
 * (the network failed, or the answer was not understood) does the form's own message show.
 */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof RequestError ? error.message : null;
}

/** The refusal of a suspended account's sign-in (403 `account_suspended…`), with its reason. */
export function suspensionOf(error: unknown): { reason: string | null } | null {
  if (!(error instanceof RequestError) || error.status !== 403) return null;
  const body = (error.body ?? {}) as { code?: unknown; reason?: unknown };
  if (body.code !== 'account_suspended' && body.code !== 'account_suspended_because') return null;
  return { reason: typeof body.reason === 'string' ? body.reason : null };
}
