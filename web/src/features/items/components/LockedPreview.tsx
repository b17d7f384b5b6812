import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../billing/components/LockIcon';

/** Where it stands: a feed card's fixed-ratio picture area, the product page, the checkout. */
export type LockedPreviewLayout = 'card' | 'page' | 'checkout';

const frame: Record<LockedPreviewLayout, { className: string; style?: CSSProperties }> = {
  card: { className: 'aura-media-frame rounded' },
  page: { className: 'position-relative overflow-hidden rounded', style: { minHeight: 200 } },
  // SPEC §9: the checkout's preview is 280 px high.
  checkout: { className: 'position-relative overflow-hidden rounded-3', style: { height: 280 } },
};

/**
 * The one locked preview (SPEC §2, §9) of a feed card, the product page and the checkout: only
 * the item's public preview, blurred, with the locked text and what unlocks it over it.
 */
export function LockedPreview({
  imageUrl,
  title,
  hint,
  layout = 'page',
}: {
  imageUrl: string | null;
  title: string;
  /** What unlocks it (issue 10): buy once, a tier, or either. */
  hint?: string;
  layout?: LockedPreviewLayout;
}) {
  const { t } = useTranslation();
  const { className, style } = frame[layout];
  return (
    <div
      className={`${className} bg-dark`}
      style={style}
      // The checkout's browser tests know it by its own name.
      data-testid={layout === 'checkout' ? 'checkout-preview' : 'locked-preview'}
    >
      {imageUrl && (
        <img
          src={imageUrl}
          alt={t('discover.lockedPreviewAlt', { title })}
          className={layout === 'checkout' ? 'w-100 h-100' : 'w-100'}
          style={{
            // On the product page a preview's shape (3:2) is known before its picture arrives,
            // so nothing below it shifts; the card and the checkout have fixed frames.
            aspectRatio: layout === 'page' ? '3 / 2' : undefined,
            filter: 'blur(16px)',
            transform: 'scale(1.1)',
            maxHeight: 600,
            objectFit: 'cover',
          }}
          loading={layout === 'checkout' ? undefined : 'lazy'}
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
