import sharp from 'sharp';

/*
 * Illustrated demo pictures (issue 10): a character avatar and a landscape banner per creator,
 * drawn from SVG with sharp at seed time, so a first start looks like a living platform and
 * not like a list of initials. Deterministic: the same seed text draws the same picture.
 */

/** A small deterministic random source (mulberry32) seeded from a text. */
function randomFrom(text: string): () => number {
  let state = 2166136261;
  for (const ch of text) state = Math.imul(state ^ ch.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] ?? (list[0] as T);

const SKIN = ['#f6d5b8', '#eab894', '#d49a6a', '#b57a4a', '#8d5a3b', '#5e3a24'] as const;
const HAIR = ['#1f1a17', '#4a2f1b', '#8a5a2b', '#d8a24a', '#c0392b', '#6c5ce7', '#2d3436'] as const;

function hairShape(style: number, color: string): string {
  switch (style) {
    case 0: // short crop
      return `<path d="M68 112 Q70 52 128 50 Q186 52 188 112 Q170 80 128 78 Q86 80 68 112Z" fill="${color}"/>`;
    case 1: // long hair behind the head
      return `<path d="M62 120 Q58 46 128 44 Q198 46 194 120 L200 210 Q128 190 56 210Z" fill="${color}"/>`;
    case 2: // bun on top
      return `<circle cx="128" cy="44" r="24" fill="${color}"/><path d="M70 108 Q72 56 128 54 Q184 56 186 108 Q160 84 128 84 Q96 84 70 108Z" fill="${color}"/>`;
    case 3: // curls
      return [0, 1, 2, 3, 4, 5, 6]
        .map(
          (i) =>
            `<circle cx="${78 + i * 17}" cy="${70 - Math.sin(i / 2) * 10}" r="20" fill="${color}"/>`,
        )
        .join('');
    default: // cap
      return `<path d="M66 104 Q70 50 128 48 Q186 50 190 104Z" fill="${color}"/><rect x="120" y="96" width="92" height="12" rx="6" fill="${color}"/>`;
  }
}

/** A square character avatar: shoulders, a face with hair, eyes and a smile over a soft backdrop. */
export async function renderIllustratedAvatar(options: {
  seed: string;
  colors: [string, string];
  size?: number;
}): Promise<Buffer> {
  const size = options.size ?? 256;
  const random = randomFrom(options.seed);
  const skin = pick(random, SKIN);
  const hair = pick(random, HAIR);
  const style = Math.floor(random() * 5);
  const hasGlasses = random() < 0.35;
  const eyeY = 122 + Math.round(random() * 6);
  const smile = 8 + Math.round(random() * 10);
  const [from, to] = options.colors;
  const glasses = hasGlasses
    ? `<g fill="none" stroke="#1d2330" stroke-width="4"><circle cx="106" cy="${eyeY}" r="15"/><circle cx="150" cy="${eyeY}" r="15"/><path d="M121 ${eyeY} h14"/></g>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
  <defs>
    <radialGradient id="bg" cx="30%" cy="25%" r="90%"><stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></radialGradient>
  </defs>
  <rect width="256" height="256" fill="url(#bg)"/>
  <circle cx="${40 + random() * 176}" cy="${30 + random() * 60}" r="${18 + random() * 26}" fill="#fff" fill-opacity="0.14"/>
  <path d="M40 256 Q44 188 128 184 Q212 188 216 256Z" fill="${from}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>
  <rect x="112" y="160" width="32" height="30" rx="10" fill="${skin}"/>
  ${style === 1 ? hairShape(style, hair) : ''}
  <ellipse cx="128" cy="120" rx="56" ry="62" fill="${skin}"/>
  ${style === 1 ? '' : hairShape(style, hair)}
  <ellipse cx="106" cy="${eyeY}" rx="6" ry="7" fill="#1d2330"/>
  <ellipse cx="150" cy="${eyeY}" rx="6" ry="7" fill="#1d2330"/>
  <circle cx="92" cy="${eyeY + 20}" r="9" fill="#ff6b81" fill-opacity="0.35"/>
  <circle cx="164" cy="${eyeY + 20}" r="9" fill="#ff6b81" fill-opacity="0.35"/>
  ${glasses}
  <path d="M${128 - smile - 6} 150 Q128 ${158 + smile / 2} ${128 + smile + 6} 150" fill="none" stroke="#1d2330" stroke-width="5" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A wide WebP banner (shown at full width, so served as drawn): a sky, a sun or moon, and three layers of hills or waves in the creator's colours. */
export async function renderBanner(options: {
  seed: string;
  colors: [string, string];
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const width = options.width ?? 1500;
  const height = options.height ?? 500;
  const random = randomFrom(`banner:${options.seed}`);
  const [from, to] = options.colors;
  const ridge = (base: number, amplitude: number, steps: number) => {
    const points = Array.from({ length: steps + 1 }, (_, i) => {
      const x = Math.round((i / steps) * width);
      const y = Math.round(base - random() * amplitude);
      return `${x},${y}`;
    });
    return `M0,${height} L${points.join(' L')} L${width},${height}Z`;
  };
  const stars = Array.from(
    { length: 24 },
    () =>
      // eslint-disable-next-line money/one-formatter -- an SVG opacity, not money
      `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height * 0.45)}" r="${(1 + random() * 2).toFixed(1)}" fill="#fff" fill-opacity="${(0.4 + random() * 0.5).toFixed(2)}"/>`,
  ).join('');
  const sunX = Math.round(width * (0.15 + random() * 0.7));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  ${stars}
  <circle cx="${sunX}" cy="${Math.round(height * 0.38)}" r="${Math.round(height * 0.16)}" fill="#fff3c4" fill-opacity="0.9"/>
  <path d="${ridge(height * 0.62, height * 0.22, 9)}" fill="#ffffff" fill-opacity="0.18"/>
  <path d="${ridge(height * 0.78, height * 0.2, 7)}" fill="${from}" fill-opacity="0.55"/>
  <path d="${ridge(height * 0.95, height * 0.16, 5)}" fill="#0b0b1a" fill-opacity="0.45"/>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
