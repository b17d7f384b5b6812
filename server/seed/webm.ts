/*
 * A minimal WebM (Matroska) muxer for VP8 keyframes. A lossy WebP image is a single VP8
 * keyframe in a RIFF wrapper, so frames rendered by sharp can become a real, playable video
 * without a video encoder on the machine (the demo seed downloads nothing).
 */

/** EBML variable-length size: the shortest form that holds `size`. */
function encodeSize(size: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    // All-ones is reserved for "unknown size", hence the -1.
    if (size < 2 ** (7 * length) - 1) {
      const out = Buffer.alloc(length);
      let rest = size;
      for (let i = length - 1; i >= 0; i--) {
        out[i] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
      return out;
    }
  }
  throw new RangeError(`EBML size too large: ${size}`);
}

function idBytes(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

function element(id: number, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), encodeSize(body.length), body]);
}

function uint(id: number, value: number): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return element(id, Buffer.from(hex, 'hex'));
}

function float64(id: number, value: number): Buffer {
  const body = Buffer.alloc(8);
  body.writeDoubleBE(value);
  return element(id, body);
}

const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));

/** The VP8 bitstream inside a simple-format lossy WebP file (RIFF "WEBP" with a "VP8 " chunk). */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const fourcc = webp.toString('ascii', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    if (fourcc === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('WebP has no lossy VP8 chunk (lossless or alpha frames cannot be muxed)');
}

/** Muxes VP8 keyframes of one size into a WebM file at `fps` frames per second. */
export function muxWebm(
  frames: readonly Buffer[],
  opts: { width: number; height: number; fps: number },
): Buffer {
  if (frames.length === 0) throw new Error('a video needs at least one frame');
  const frameMs = 1000 / opts.fps;
  // Relative block timecodes are signed 16-bit milliseconds: start a new cluster well before that.
  const framesPerCluster = Math.max(1, Math.floor(30_000 / frameMs));
  const clusters: Buffer[] = [];
  for (let first = 0; first < frames.length; first += framesPerCluster) {
    const clusterStart = Math.round(first * frameMs);
    const blocks = frames.slice(first, first + framesPerCluster).map((frame, i) => {
      const header = Buffer.alloc(4);
      header[0] = 0x81; // track number 1 as an EBML varint
      header.writeInt16BE(Math.round((first + i) * frameMs) - clusterStart, 1);
      header[3] = 0x80; // keyframe
      return element(0xa3, header, frame);
    });
    clusters.push(element(0x1f43b675, uint(0xe7, clusterStart), ...blocks));
  }
  const ebmlHeader = element(
    0x1a45dfa3,
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, 'webm'),
    uint(0x4287, 2),
    uint(0x4285, 2),
  );
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // timestamps in milliseconds
    text(0x4d80, 'aura'),
    text(0x5741, 'aura'),
    float64(0x4489, frames.length * frameMs),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x9c, 0),
      text(0x86, 'V_VP8'),
      uint(0x83, 1),
      uint(0x23e383, Math.round(frameMs * 1_000_000)),
      element(0xe0, uint(0xb0, opts.width), uint(0xba, opts.height)),
    ),
  );
  return Buffer.concat([ebmlHeader, element(0x18538067, info, tracks, ...clusters)]);
}
