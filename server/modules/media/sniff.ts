import type { MediaKind } from '../../../common/schemas/media';

export interface SniffedType {
  mimeType: string;
  /** File extension used in the stored key. */
  ext: string;
}

/** Bytes needed to recognise every supported format. */
export const SNIFF_BYTES = 16;

const ascii = (head: Uint8Array, offset: number, text: string) =>
  head.length >= offset + text.length &&
  [...text].every((ch, i) => head[offset + i] === ch.charCodeAt(0));

const startsWith = (head: Uint8Array, bytes: readonly number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
type ImageExtension = keyof typeof IMAGE_TYPES;
const image = (ext: ImageExtension): SniffedType => ({ mimeType: IMAGE_TYPES[ext], ext });

/** Every extension a stored image original can have (a preview finds its original by them). */
export const IMAGE_EXTENSIONS = Object.keys(IMAGE_TYPES) as readonly ImageExtension[];

function sniffImage(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('png');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('jpg');
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return image('gif');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return image('webp');
  return null;
}

/** ISO base media (MP4, MOV, M4A): `ftyp` at offset 4, then the major brand. */
function isoBrand(head: Uint8Array): string | null {
  if (!ascii(head, 4, 'ftyp') || head.length < 12) return null;
  return String.fromCharCode(...head.subarray(8, 12));
}

const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
const isMatroska = (head: Uint8Array) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]);

function sniffAudio(head: Uint8Array): SniffedType | null {
  if (ascii(head, 0, 'ID3')) return { mimeType: 'audio/mpeg', ext: 'mp3' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE'))
    return { mimeType: 'audio/wav', ext: 'wav' };
  if (ascii(head, 0, 'OggS')) return { mimeType: 'audio/ogg', ext: 'ogg' };
  if (ascii(head, 0, 'fLaC')) return { mimeType: 'audio/flac', ext: 'flac' };
  const brand = isoBrand(head);
  // An audio upload in an MP4 container: the dedicated M4A brands, or a generic MP4 brand
  // (encoders write isom/mp42 for audio-only files too).
  if (brand && (AUDIO_BRANDS.has(brand) || /^(isom|iso\d|mp4[12]|dash)$/.test(brand))) {
    return { mimeType: 'audio/mp4', ext: 'm4a' };
  }
  if (isMatroska(head)) return { mimeType: 'audio/webm', ext: 'weba' };
  const [b0, b1 = 0, b2 = 0] = head;
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0) {
    const layer = (b1 >> 1) & 0x03;
    // ADTS (raw AAC): MPEG sync with layer 00.
    if (layer === 0 && (b1 & 0xf6) === 0xf0) return { mimeType: 'audio/aac', ext: 'aac' };
    // An MPEG audio frame without ID3 tag: valid version, layer, bitrate and sample rate bits.
    const version = (b1 >> 3) & 0x03;
    const bitrate = b2 >> 4;
    const sampleRate = (b2 >> 2) & 0x03;
    if (layer !== 0 && version !== 1 && bitrate !== 0x0f && sampleRate !== 0x03) {
      return { mimeType: 'audio/mpeg', ext: 'mp3' };
    }
  }
  return null;
}

function sniffVideo(head: Uint8Array): SniffedType | null {
  const brand = isoBrand(head);
  if (brand && !AUDIO_BRANDS.has(brand)) {
    return brand === 'qt  '
      ? { mimeType: 'video/quicktime', ext: 'mov' }
      : { mimeType: 'video/mp4', ext: 'mp4' };
  }
  if (isMatroska(head)) return { mimeType: 'video/webm', ext: 'webm' };
  return null;
}

/**
 * The type of an upload read from its first bytes, never from its name or the declared type
 * (issue 4). null when the bytes are not a supported format of that kind.
 */
export function sniffMediaType(kind: MediaKind, head: Uint8Array): SniffedType | null {
  switch (kind) {
    case 'image':
      return sniffImage(head);
    case 'audio':
      return sniffAudio(head);
    case 'video':
      return sniffVideo(head);
  }
}

/** Human list for the refusal message. */
export const ACCEPTED_FORMATS: Record<MediaKind, string> = {
  image: 'PNG, JPEG, GIF or WebP',
  audio: 'MP3, WAV, OGG, FLAC, M4A or AAC',
  video: 'MP4, MOV or WebM',
};
