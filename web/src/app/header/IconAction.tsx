import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

/** An icon-only link whose accessible name is `label` (also shown as a tooltip). */
export function IconLink({
  to,
  label,
  children,
}: {
  to: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className="btn aura-icon-button" aria-label={label} title={label}>
      {children}
    </Link>
  );
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  label: string;
};

/** An icon-only button whose accessible name is `label` (also shown as a tooltip). */
export function IconButton({ label, children, className, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      className={`btn aura-icon-button ${className ?? ''}`}
      aria-label={label}
      title={label}
      {...rest}
    >
      {children}
    </button>
  );
}
