import { useTranslation } from 'react-i18next';
import type { ImageSrcSet } from '../../../../../common/schemas/feed';
import { PreviewPicture } from './PreviewPicture';

interface UnlockedMediaProps {
  title: string;
  imageUrl: string | null;
  videoUrl: string | null;
  audioUrl?: string | null;
  /** The picture's 320/640 px AVIF and WebP variants (feed cards), if the server gave them. */
  imageSrcSet?: ImageSrcSet | null;
  /** How wide the picture is drawn, for `srcset`. */
  imageSizes?: string;
  /** Draw the picture or video in a card's fixed-ratio area (aura-media-frame). */
  isFramed?: boolean;
}

/** SPEC §4: an unlocked item plays its video when it has one, otherwise shows its image. */
export function UnlockedMedia({
  title,
  imageUrl,
  videoUrl,
  audioUrl,
  imageSrcSet = null,
  imageSizes = '100vw',
  isFramed = false,
}: UnlockedMediaProps) {
  const { t } = useTranslation();
  const visual = videoUrl ? (
    <video
      src={videoUrl}
      poster={imageUrl ?? undefined}
      controls
      preload="metadata"
      className="w-100 rounded bg-dark"
      style={{ maxHeight: 600 }}
      aria-label={title}
      data-testid="unlocked-video"
    />
  ) : imageUrl ? (
    <PreviewPicture
      src={imageUrl}
      srcSet={imageSrcSet}
      sizes={imageSizes}
      alt={title}
      className="w-100 rounded"
      style={{ maxHeight: 600, objectFit: isFramed ? 'cover' : 'contain' }}
      testId="unlocked-image"
    />
  ) : (
    <p className="text-muted">{t('discover.noMedia')}</p>
  );
  return (
    <div>
      {isFramed && (videoUrl || imageUrl) ? (
        <div className="aura-media-frame rounded">{visual}</div>
      ) : (
        visual
      )}
      {audioUrl && (
        <audio src={audioUrl} controls preload="none" className="w-100 mt-2" aria-label={title} />
      )}
    </div>
  );
}
