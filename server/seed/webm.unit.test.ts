import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffMediaType } from '../modules/media/sniff';
import { renderLoopVideo } from './loop-video';
import { muxWebm, vp8FromWebp } from './webm';

/** Reads an EBML element header (id, size) at `offset`. */
function readElement(buf: Buffer, offset: number): { id: number; size: number; body: number } {
  const first = buf[offset] ?? 0;
  const idLength = Math.clz32(first) - 23;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + (buf[offset + i] ?? 0);
  const sizeStart = offset + idLength;
  const sizeFirst = buf[sizeStart] ?? 0;
  const sizeLength = Math.clz32(sizeFirst) - 23;
  let size = sizeFirst & (0xff >> sizeLength);
  for (let i = 1; i < sizeLength; i++) size = size * 256 + (buf[sizeStart + i] ?? 0);
  return { id, size, body: sizeStart + sizeLength };
}

describe('WebM loop videos', () => {
  it('are WebM files the upload sniffer accepts as video, with one keyframe per frame', async () => {
    const video = await renderLoopVideo({
      colors: ['#102040', '#a02060'],
      width: 64,
      height: 36,
      seconds: 1,
      fps: 5,
    });
    expect((await sniffMediaType('video', video.subarray(0, SNIFF_BYTES)))?.mimeType).toBe(
      'video/webm',
    );

    const header = readElement(video, 0);
    expect(header.id).toBe(0x1a45dfa3);
    const segment = readElement(video, header.body + header.size);
    expect(segment.id).toBe(0x18538067);
    expect(segment.body + segment.size).toBe(video.length);
    let blocks = 0;
    for (let at = segment.body; at < video.length;) {
      const child = readElement(video, at);
      if (child.id === 0x1f43b675) {
        for (let inner = child.body; inner < child.body + child.size;) {
          const block = readElement(video, inner);
          if (block.id === 0xa3) {
            blocks++;
            expect(video[block.body]).toBe(0x81); // track 1
            expect(video[block.body + 3]).toBe(0x80); // keyframe
          }
          inner = block.body + block.size;
        }
      }
      at = child.body + child.size;
    }
    expect(blocks).toBe(5);
  });

  it('refuses input that is not a lossy WebP frame, and an empty frame list', () => {
    expect(() => vp8FromWebp(Buffer.from('not a webp at all'))).toThrow(/WebP/);
    expect(() => muxWebm([], { width: 1, height: 1, fps: 1 })).toThrow(/frame/);
  });
});
