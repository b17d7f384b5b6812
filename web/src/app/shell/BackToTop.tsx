import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from './icons';
import { useScrolledPast } from './use-scrolled-past';

const SHOW_AFTER_PX = 300; // SPEC §9

export function BackToTop() {
  const { t } = useTranslation();
  const isVisible = useScrolledPast(SHOW_AFTER_PX);
  if (!isVisible) return null;
  const scrollToTop = () => {
    const isReduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: isReduced ? 'auto' : 'smooth' });
  };
  return (
    <button
      type="button"
      className="btn btn-primary aura-back-to-top"
      aria-label={t('shell.backToTop')}
      title={t('shell.backToTop')}
      onClick={scrollToTop}
    >
      <ArrowUpIcon />
    </button>
  );
}
