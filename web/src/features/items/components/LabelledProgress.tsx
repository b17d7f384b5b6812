interface LabelledProgressProps {
  /** Percent, 0 to 100. */
  now: number;
  variant: 'success' | 'warning' | 'danger' | 'primary';
  /** Id of the visible text naming the bar, or the name itself. */
  labelledBy?: string;
  label?: string;
  /** Prints the percentage inside the bar. */
  showValue?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * A Bootstrap 5.3 progress bar whose progressbar role carries its name (react-bootstrap's puts
 * the role on the inner bar and the label on the wrapper, which leaves the bar unnamed).
 */
export function LabelledProgress({
  now,
  variant,
  labelledBy,
  label,
  showValue = false,
  className = '',
  'data-testid': testId,
}: LabelledProgressProps) {
  const percent = Math.max(0, Math.min(100, Math.round(now)));
  return (
    <div
      className={`progress ${className}`}
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid={testId}
    >
      <div className={`progress-bar bg-${variant}`} style={{ width: `${percent}%` }}>
        {showValue ? `${percent}%` : null}
      </div>
    </div>
  );
}
