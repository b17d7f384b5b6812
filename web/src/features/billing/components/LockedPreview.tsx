import { useTranslation } from 'react-i18next';
import { LockIcon } from './LockIcon';

/** SPEC §2/§9: the checkout's blurred locked preview, 280px high. */
export function LockedPreview({ imageUrl, title }: { imageUrl: string | null; title: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="position-relative overflow-hidden rounded-3 aura-checkout-preview"
      style={{ height: 280 }}
      data-testid="checkout-preview"
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt={t('checkout.previewAlt', { title })}
          className="w-100 h-100"
          style={{ objectFit: 'cover', filter: 'blur(16px)', transform: 'scale(1.1)' }}
          draggable={false}
        />
      ) : (
        <div className="w-100 h-100 aura-checkout-placeholder" aria-hidden="true" />
      )}
      <div className="position-absolute top-50 start-50 translate-middle text-center">
        <span className="badge rounded-pill text-bg-dark fs-6 px-3 py-2">
          <LockIcon /> {t('checkout.locked')}
        </span>
      </div>
    </div>
  );
}
