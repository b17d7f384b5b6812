import sharp from 'sharp';

/*
 * Demo media made at seed time (no downloads): cover pictures drawn from SVG with sharp, and
 * short sine-tone WAV files. Tests use the same generators for their tiny uploads.
 */

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface CoverOptions {
  width?: number;
  height?: number;
  /** Two colours of the background gradient. */
  colors: [string, string];
  title: string;
  subtitle?: string;
  /** Varies the shapes so covers of one creator do not look alike. */
  seed?: number;
  format?: 'png' | 'jpeg';
}

/** A cover picture: gradient, a few soft shapes and the title. */
export async function renderCover(options: CoverOptions): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 800;
  const seed = options.seed ?? 1;
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const x = ((seed * 97 + i * 263) % 100) / 100;
    const y = ((seed * 53 + i * 151) % 100) / 100;
    const r = 60 + ((seed * 31 + i * 71) % 160);
    const opacity = 0.12 + (i % 3) * 0.08;
    return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`;
  }).join('');
  // Long titles get smaller type so they stay inside the picture (about 0.55em per character).
  const titleSize = Math.round(Math.min(width / 16, (width * 0.9) / (0.55 * options.title.length)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${options.colors[0]}"/><stop offset="1" stop-color="${options.colors[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shapes}
  <text x="50%" y="48%" text-anchor="middle" font-family="sans-serif" font-weight="700"
        font-size="${titleSize}" fill="#fff">${escapeXml(options.title)}</text>
  ${
    options.subtitle
      ? `<text x="50%" y="60%" text-anchor="middle" font-family="sans-serif"
        font-size="${Math.round(width / 34)}" fill="#fff" fill-opacity="0.85">${escapeXml(options.subtitle)}</text>`
      : ''
  }
</svg>`;
  const image = sharp(Buffer.from(svg));
  return options.format === 'jpeg'
    ? image.jpeg({ quality: 82 }).toBuffer()
    : image.png({ compressionLevel: 9 }).toBuffer();
}

/** A mono 16-bit PCM WAV of a sine tone with a short fade in and out (no clicks). */
export function toneWav(options: {
  seconds: number;
  frequency: number;
  sampleRate?: number;
}): Buffer {
  const sampleRate = options.sampleRate ?? 22_050;
  const samples = Math.round(options.seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.min(samples / 2, sampleRate * 0.05);
  for (let i = 0; i < samples; i += 1) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const value = Math.sin((2 * Math.PI * options.frequency * i) / sampleRate) * envelope * 0.4;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
