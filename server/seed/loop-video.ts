import sharp from 'sharp';
import { muxWebm, vp8FromWebp } from './webm';

export interface LoopVideoOptions {
  /** Two colours of the background gradient. */
  colors: [string, string];
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
}

/**
 * A short seamless visual loop (orbiting light over a gradient) as a WebM video, rendered frame
 * by frame with sharp: the demo seed's videos are made here, not downloaded.
 */
export async function renderLoopVideo(options: LoopVideoOptions): Promise<Buffer> {
  const width = options.width ?? 480;
  const height = options.height ?? 270;
  const fps = options.fps ?? 10;
  const count = Math.max(1, Math.round((options.seconds ?? 3) * fps));
  const frames = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const angle = (2 * Math.PI * i) / count;
      const cx = Math.round(width / 2 + Math.cos(angle) * width * 0.3);
      const cy = Math.round(height / 2 + Math.sin(angle) * height * 0.3);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${options.colors[0]}"/><stop offset="1" stop-color="${options.colors[1]}"/>
    </linearGradient>
    <radialGradient id="l"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${Math.round(height * 0.35)}" fill="url(#l)"/>
</svg>`;
      // Lossy WebP without alpha is a bare VP8 keyframe, which WebM carries as it is.
      const webp = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 70 }).toBuffer();
      return vp8FromWebp(webp);
    }),
  );
  return muxWebm(frames, { width, height, fps });
}
