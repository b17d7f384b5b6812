import { createHash } from 'node:crypto';
import { loadSharp } from '../../adapters/images/sharp';

/*
 * The studio's visual mode (SPEC §4: "a placeholder image built from the input by an image-text
 * service"), drawn by Aura itself: a gradient and soft circles whose colours and places come
 * from the text's hash, with the text in the middle. No third-party image service sees the
 * words, and the Content-Security-Policy (img-src 'self') needs no exception.
 */

export const PLACEHOLDER_WIDTH = 640;
export const PLACEHOLDER_HEIGHT = 400;
/** Bumped when the drawing changes, so cached copies (ETag) are replaced. */
const RENDER_VERSION = 'v1';
const LINE_CHARS = 26;
const MAX_LINES = 4;
const CACHE_ENTRIES = 256;

/** The ETag and cache key: the same text always gives the same picture. */
export const placeholderHash = (text: string) =>
  createHash('sha256').update(`${RENDER_VERSION}\n${text}`).digest('hex').slice(0, 32);

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Greedy word wrap; the last line ends in an ellipsis when the text does not fit. */
export function wrapText(text: string, width = LINE_CHARS, maxLines = MAX_LINES): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const pieces = word.match(new RegExp(`.{1,${width}}`, 'gu')) ?? [word];
    for (const piece of pieces) {
      if (line && `${line} ${piece}`.length > width) {
        lines.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

function svgOf(text: string, hash: string): string {
  const byte = (i: number) => parseInt(hash.slice(i * 2, i * 2 + 2), 16);
  const hueA = Math.round((byte(0) / 255) * 360);
  const hueB = (hueA + 40 + Math.round((byte(1) / 255) * 140)) % 360;
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const cx = Math.round((byte(2 + i * 3) / 255) * PLACEHOLDER_WIDTH);
      const cy = Math.round((byte(3 + i * 3) / 255) * PLACEHOLDER_HEIGHT);
      const r = 50 + Math.round((byte(4 + i * 3) / 255) * 140);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.12"/>`;
    })
    .join('');
  const lines = wrapText(text);
  const lineHeight = 44;
  const top = PLACEHOLDER_HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const tspans = lines
    .map((line, i) => `<tspan x="50%" y="${top + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLACEHOLDER_WIDTH}" height="${PLACEHOLDER_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hueA},65%,38%)"/><stop offset="1" stop-color="hsl(${hueB},70%,26%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}
<text text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="34" font-weight="bold" fill="#fff">${tspans}</text>
</svg>`;
}

export interface PlaceholderImage {
  hash: string;
  png: Buffer;
}

// A bounded in-process cache: repeated texts (the studio's own re-renders, a shared link) cost
// nothing. Losing it costs one render, so other instances do not need it.
const cache = new Map<string, Buffer>();

/** The PNG for a text, from the cache when it was drawn before. */
export async function placeholderImage(text: string): Promise<PlaceholderImage> {
  const hash = placeholderHash(text);
  const cached = cache.get(hash);
  if (cached) {
    cache.delete(hash);
    cache.set(hash, cached);
    return { hash, png: cached };
  }
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svgOf(text, hash)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  cache.set(hash, png);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return { hash, png };
}
