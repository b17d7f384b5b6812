import { Trans } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §2: the signup forms link the terms and privacy texts at /terms and /privacy. */
export function TermsLabel() {
  return (
    <Trans
      i18nKey="register.terms"
      components={{
        terms: <Link to="/terms" target="_blank" rel="noopener" />,
        privacy: <Link to="/privacy" target="_blank" rel="noopener" />,
      }}
    />
  );
}
