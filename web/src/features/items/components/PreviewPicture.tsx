import type { CSSProperties } from 'react';
import type { ImageSrcSet } from '../../../../../common/schemas/feed';

interface PreviewPictureProps {
  src: string;
  /** The server's 320/640 px AVIF and WebP variants; null shows `src` alone (a teaser). */
  srcSet: ImageSrcSet | null;
  alt: string;
  /** How wide the picture is drawn, so the browser picks the smallest file that is enough. */
  sizes: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

/**
 * A card picture in the size and format the screen needs (issue 10): AVIF where the browser
 * reads it, else WebP, 320 px wide on a phone and 640 px on a wide screen. Place it in an
 * `aura-media-frame`, which reserves its area before it loads.
 */
export function PreviewPicture({
  src,
  srcSet,
  alt,
  sizes,
  className,
  style,
  testId,
}: PreviewPictureProps) {
  const img = (
    <img
      src={src}
      alt={alt}
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet?.webp}
      className={className}
      style={style}
      loading="lazy"
      decoding="async"
      draggable={false}
      data-testid={testId}
    />
  );
  if (!srcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
