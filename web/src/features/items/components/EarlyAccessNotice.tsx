import { useEffect, useRef, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** "Members until {date}" in the reader's language and zone (issue 42). */
export function useMembersUntil(): (until: string) => string {
  const { t, i18n } = useTranslation();
  return (until) =>
    t('earlyAccess.membersUntil', {
      date: new Date(until).toLocaleString(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    });
}

/** The time left as days, hours and minutes (or seconds in the last minute). */
function remaining(ms: number, language: string): string {
  const parts: [number, Intl.NumberFormatOptions['unit']][] = [
    [Math.floor(ms / 86_400_000), 'day'],
    [Math.floor(ms / 3_600_000) % 24, 'hour'],
    [Math.floor(ms / 60_000) % 60, 'minute'],
  ];
  const shown = parts.filter(([n]) => n > 0);
  if (shown.length === 0) shown.push([Math.ceil(ms / 1000), 'second']);
  return shown
    .map(([n, unit]) =>
      new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(n),
    )
    .join(' ');
}

/**
 * The product page's early-access line: "Members until {date}" and a countdown to the moment it
 * opens to everyone. When the time has come, the page asks the server again (`onOpened`).
 */
export function EarlyAccessNotice({ until, onOpened }: { until: string; onOpened: () => void }) {
  const { t, i18n } = useTranslation();
  const membersUntil = useMembersUntil();
  const [now, setNow] = useState(() => Date.now());
  const left = Date.parse(until) - now;
  // Asked once: the page's new answer has no early access any more.
  const opened = useRef(false);
  useEffect(() => {
    if (left <= 0) {
      if (!opened.current) onOpened();
      opened.current = true;
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), left < 60_000 ? 1000 : 30_000);
    return () => clearTimeout(timer);
  }, [left, onOpened]);
  return (
    <Alert variant="info" data-testid="product-early-access">
      <span className="fw-semibold">{membersUntil(until)}</span>
      {left > 0 && (
        <span className="d-block small" data-testid="product-early-access-countdown">
          {t('earlyAccess.opensIn', { time: remaining(left, i18n.language) })}
        </span>
      )}
    </Alert>
  );
}
