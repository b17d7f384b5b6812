import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../billing/components/LockIcon';
import { useMembersUntil } from './EarlyAccessNotice';

/**
 * Where it stands: a feed card's fixed-ratio picture area, the product page, the checkout, a
 * profile's content tile.
 */
export type LockedPreviewLayout = 'card' | 'page' | 'checkout' | 'tile';

const frame: Record<LockedPreviewLayout, { className: string; style?: CSSProperties }> = {
  card: { className: 'aura-media-frame rounded' },
  page: { className: 'position-relative overflow-hidden rounded', style: { minHeight: 200 } },
  // SPEC §9: the checkout's preview is 280 px high.
  checkout: { className: 'position-relative overflow-hidden rounded-3', style: { height: 280 } },
  tile: { className: 'position-relative overflow-hidden', style: { aspectRatio: '4 / 3' } },
};

// The browser tests know the checkout's and the tiles' previews by names of their own.
const testId: Record<LockedPreviewLayout, string> = {
  card: 'locked-preview',
  page: 'locked-preview',
  checkout: 'checkout-preview',
  tile: 'tile-locked',
};

/**
 * The one locked preview (SPEC §2, §9) of a feed card, the product page, the checkout and a
 * profile's content tile: only the item's public preview, blurred, with the locked text and
 * what unlocks it over it.
 */
export function LockedPreview({
  imageUrl,
  title,
  hint,
  layout = 'page',
  earlyAccessUntil = null,
  children,
}: {
  imageUrl: string | null;
  title: string;
  /** What unlocks it (issue 10): buy once, a tier, or either. */
  hint?: string;
  layout?: LockedPreviewLayout;
  /** Issue 42: members-first until then; the preview says so, so fans see what joining gets. */
  earlyAccessUntil?: string | null;
  /** More under the hint (a tile's tier badge). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { className, style } = frame[layout];
  const membersUntil = useMembersUntil();
  return (
    <div className={`${className} bg-dark`} style={style} data-testid={testId[layout]}>
      {imageUrl && (
        <img
          src={imageUrl}
          alt={t('discover.lockedPreviewAlt', { title })}
          className={layout === 'checkout' || layout === 'tile' ? 'w-100 h-100' : 'w-100'}
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
        {earlyAccessUntil && (
          <span className="d-block small fw-semibold" data-testid="locked-early-access">
            {membersUntil(earlyAccessUntil)}
          </span>
        )}
        {children}
      </div>
    </div>
  );
}
