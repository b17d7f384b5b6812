import { useTranslation } from 'react-i18next';

interface UnlockedMediaProps {
  title: string;
  imageUrl: string | null;
  videoUrl: string | null;
  audioUrl?: string | null;
}

/** SPEC §4: an unlocked item plays its video when it has one, otherwise shows its image. */
export function UnlockedMedia({ title, imageUrl, videoUrl, audioUrl }: UnlockedMediaProps) {
  const { t } = useTranslation();
  return (
    <div>
      {videoUrl ? (
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
        <img
          src={imageUrl}
          alt={title}
          className="w-100 rounded"
          style={{ maxHeight: 600, objectFit: 'contain' }}
          loading="lazy"
          data-testid="unlocked-image"
        />
      ) : (
        <p className="text-muted">{t('discover.noMedia')}</p>
      )}
      {audioUrl && (
        <audio src={audioUrl} controls preload="none" className="w-100 mt-2" aria-label={title} />
      )}
    </div>
  );
}
