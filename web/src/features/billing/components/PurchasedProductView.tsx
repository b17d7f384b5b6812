import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PurchasedProduct } from '../../../../../common/schemas/billing';
import { Avatar } from '../../items/components/Avatar';

/** SPEC §2: the purchased product unlocked: its video if it has one, else its image, else a text. */
export function PurchasedProductView({ product }: { product: PurchasedProduct }) {
  const { t } = useTranslation();
  return (
    <section className="card shadow-sm" data-testid="purchased-product">
      <div className="card-body">
        <h2 className="h5 mb-3">{t('success.productHeading')}</h2>
        <div className="d-flex align-items-center gap-2 mb-3">
          <Avatar src={product.userImage} name={product.userName} size={40} />
          <span className="fw-semibold">{product.userName}</span>
          {product.isPurchased && (
            <span className="badge text-bg-success ms-auto">{t('success.unlocked')}</span>
          )}
        </div>
        <h3 className="h5">{product.title}</h3>
        {product.videoUrl ? (
          <video
            src={product.videoUrl}
            controls
            className="w-100 rounded"
            style={{ maxHeight: 600 }}
            data-testid="purchased-video"
          />
        ) : product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt={product.title}
            className="w-100 rounded"
            style={{ maxHeight: 600, objectFit: 'contain' }}
            data-testid="purchased-image"
          />
        ) : (
          <p className="aura-muted">{t('success.noMedia')}</p>
        )}
        <p className="mt-3">{product.description}</p>
        <Link to={`/product/${product.id}`} className="btn btn-outline-primary btn-sm">
          {t('success.viewProduct')}
        </Link>
      </div>
    </section>
  );
}
