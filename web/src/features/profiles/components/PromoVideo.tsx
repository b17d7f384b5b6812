import { promoEmbedUrl, promoVideoSource } from '../../../../../common/rules/creator-profile';

interface PromoVideoProps {
  /** The promo video as stored or typed: a video-sharing URL, an id, or a video file's URL. */
  value: string;
  /** The accessible name of the player. */
  title: string;
  /** SPEC §9: at most 480 px on the profile; the settings preview is a 360 px frame. */
  height: number;
  /** A fixed frame (the settings preview) rather than a maximum height (the profile). */
  isFixedHeight?: boolean;
}

/**
 * SPEC §5 promo video: a video-sharing URL (or its 11-character id) plays in the service's
 * embedded frame, anything else as a direct video source. The rule is common/'s, the same the
 * server checks. Nothing shows for a value that is neither.
 */
export function PromoVideo({ value, title, height, isFixedHeight = false }: PromoVideoProps) {
  const source = promoVideoSource(value);
  if (!source) return null;
  const size = isFixedHeight ? { height } : { maxHeight: height };
  if (source.kind === 'embed') {
    return (
      <iframe
        src={promoEmbedUrl(source.videoId)}
        title={title}
        className="w-100 border-0 rounded"
        style={{ aspectRatio: '16 / 9', ...size }}
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="promo-embed"
      />
    );
  }
  return (
    <video
      src={source.url}
      title={title}
      aria-label={title}
      controls
      preload="metadata"
      className="w-100 rounded bg-black"
      style={size}
      data-testid="promo-file"
    />
  );
}
