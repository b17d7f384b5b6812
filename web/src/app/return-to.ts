import { useSearchParams } from 'react-router';
import { safeReturnPath, withReturnTo } from '../../../common/rules/return-to';

/** Where the current page should send the visitor after signing in (a same-origin path), or null. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('returnTo'));
}

/** The sign-in page on its login tab, bringing the visitor back to `returnTo` afterwards. */
export const signInPath = (returnTo: string | null) => withReturnTo('/auth?tab=login', returnTo);
