import type { MediaKind } from '../../../common/schemas/media';

export interface SniffedType {
  mimeType: string;
  /** File extension used in the stored key. */
  ext: string;
}

/**
 * Bytes read before judging an upload: file-type's own sample size (its
 * `reasonableDetectionSizeInBytes`, not exported in its types), enough for every container
 * below to show its codec or document type (an Ogg page's codec id, WebM's EBML DocType).
 */
export const SNIFF_BYTES = 4100;

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

const m4a: SniffedType = { mimeType: 'audio/mp4', ext: 'm4a' };
const mp4: SniffedType = { mimeType: 'video/mp4', ext: 'mp4' };
const ogg = (ext: string): SniffedType => ({ mimeType: 'audio/ogg', ext });
const mpeg = (ext: string): SniffedType => ({ mimeType: 'audio/mpeg', ext });

/**
 * What we accept of each kind, keyed by the extension file-type reports, and how it is stored.
 * Anything else file-type recognises (AVIF, HEIC, 3GP, Matroska, Ogg Theora, AVI, ...) is
 * refused: the list is what browsers play.
 */
const ACCEPTED: Record<MediaKind, Readonly<Record<string, SniffedType>>> = {
  image: {
    ...Object.fromEntries(IMAGE_EXTENSIONS.map((ext) => [ext, image(ext)])),
    // An animated PNG is a PNG to every decoder that ignores the animation chunks.
    apng: image('png'),
  },
  audio: {
    mp3: mpeg('mp3'),
    mp2: mpeg('mp2'),
    mp1: mpeg('mp1'),
    wav: { mimeType: 'audio/wav', ext: 'wav' },
    ogg: ogg('ogg'),
    oga: ogg('oga'),
    opus: ogg('opus'),
    spx: ogg('spx'),
    flac: { mimeType: 'audio/flac', ext: 'flac' },
    aac: { mimeType: 'audio/aac', ext: 'aac' },
    // MP4 audio: the dedicated M4A brands, and the generic MP4 brands (isom, mp42, ...) that
    // encoders also write for audio-only files.
    m4a,
    m4b: m4a,
    m4p: m4a,
    f4a: m4a,
    f4b: m4a,
    mp4: m4a,
    // What browsers record (MediaRecorder) is audio in WebM.
    webm: { mimeType: 'audio/webm', ext: 'weba' },
  },
  video: {
    mp4,
    m4v: mp4,
    f4v: mp4,
    mov: { mimeType: 'video/quicktime', ext: 'mov' },
    webm: { mimeType: 'video/webm', ext: 'webm' },
  },
};

const startsWithId3Tag = (head: Uint8Array) =>
  head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33;

/**
 * file-type takes an MPEG audio frame on its 11 sync bits and the layer alone, which any binary
 * starting 0xFFE matches. Without an ID3 tag in front, those four header bytes are the only
 * evidence, so they must also name a valid version, bitrate and sample rate.
 */
function isValidMpegFrameHeader(head: Uint8Array): boolean {
  const [b1 = 0, b2 = 0] = head.subarray(1, 3);
  const version = (b1 >> 3) & 0x03;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x03;
  return version !== 0b01 && bitrate !== 0x0f && sampleRate !== 0b11;
}

/**
 * The type of an upload read from its first bytes (file-type), never from its name or the
 * declared type (issue 4). null when the bytes are not a supported format of that kind.
 */
export async function sniffMediaType(
  kind: MediaKind,
  head: Uint8Array,
): Promise<SniffedType | null> {
  // Loaded on the first upload, not at start-up (issue 17).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (!detected) {
    // file-type names an ID3-tagged file by what follows the tag; padding or an ID3v2.4 footer
    // after it hides the first frame. An ID3v2 tag is an MP3's, so the tag is enough.
    return kind === 'audio' && startsWithId3Tag(head) ? mpeg('mp3') : null;
  }
  const type = ACCEPTED[kind][detected.ext] ?? null;
  if (type?.mimeType === 'audio/mpeg' && !startsWithId3Tag(head)) {
    return isValidMpegFrameHeader(head) ? type : null;
  }
  return type;
}

/** Human list for the refusal message. */
export const ACCEPTED_FORMATS: Record<MediaKind, string> = {
  image: 'PNG, JPEG, GIF or WebP',
  audio: 'MP3, WAV, OGG, FLAC, M4A or AAC',
  video: 'MP4, MOV or WebM',
};
