import { useTranslation } from 'react-i18next';

/** SPEC §2 preview gallery: the creator's images (at most ten, SPEC §9). */
export function CreatorGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="creator-gallery-title">
      <h2 id="creator-gallery-title" className="h5 mb-3">
        {t('creatorProfile.gallery')}
      </h2>
      <ul className="row row-cols-2 row-cols-md-4 g-2 list-unstyled mb-0">
        {images.map((src, index) => (
          <li key={`${src}-${index}`} className="col">
            <a href={src} target="_blank" rel="noopener noreferrer" className="d-block">
              <img
                src={src}
                alt={t('creatorProfile.galleryImage', { number: index + 1, name })}
                className="w-100 rounded"
                style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
                loading="lazy"
                draggable={false}
                data-testid="gallery-image"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
