import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../billing/components/LockIcon';

/**
 * A locked item: only its public preview, blurred, with the locked text over it (SPEC §2).
 * `isFramed` draws it in a card's fixed-ratio picture area (aura-media-frame).
 */
export function LockedPreview({
  imageUrl,
  title,
  hint,
  isFramed = false,
}: {
  imageUrl: string | null;
  title: string;
  /** What unlocks it (issue 10): buy once, a tier, or either. */
  hint?: string;
  isFramed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`${isFramed ? 'aura-media-frame' : 'position-relative overflow-hidden'} rounded bg-dark`}
      style={isFramed ? undefined : { minHeight: 200 }}
      data-testid="locked-preview"
    >
      {imageUrl && (
        <img
          src={imageUrl}
          alt={t('discover.lockedPreviewAlt', { title })}
          className="w-100"
          style={{
            filter: 'blur(16px)',
            transform: 'scale(1.1)',
            maxHeight: 600,
            objectFit: 'cover',
          }}
          loading="lazy"
          draggable={false}
        />
      )}
      <div className="position-absolute top-50 start-50 translate-middle text-white text-center px-3">
        <span className="d-block mb-1">
          <LockIcon size={36} />
        </span>
        <span className="fw-semibold">{t('discover.locked')}</span>
        {hint && <span className="d-block small">{hint}</span>}
      </div>
    </div>
  );
}
