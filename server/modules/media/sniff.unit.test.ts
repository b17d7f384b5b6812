import { describe, expect, it } from 'vitest';
import { renderCover, toneWav } from '../../seed/content-media';
import { IMAGE_EXTENSIONS, sniffMediaType } from './sniff';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const ftyp = (brand: string) =>
  concat(bytes(0, 0, 0, 0x20), text('ftyp'), text(brand), bytes(0, 0, 0, 0));

describe('sniffMediaType', () => {
  it('recognises images by their signature', async () => {
    const png = await renderCover({ width: 8, height: 8, colors: ['#000', '#fff'], title: 'x' });
    expect(sniffMediaType('image', png)).toEqual({ mimeType: 'image/png', ext: 'png' });
    const jpeg = await renderCover({
      width: 8,
      height: 8,
      colors: ['#000', '#fff'],
      title: 'x',
      format: 'jpeg',
    });
    expect(sniffMediaType('image', jpeg)?.mimeType).toBe('image/jpeg');
    expect(sniffMediaType('image', text('GIF89a\x01\x00'))?.mimeType).toBe('image/gif');
    expect(sniffMediaType('image', text('GIF87a\x01\x00'))?.mimeType).toBe('image/gif');
    expect(
      sniffMediaType('image', concat(text('RIFF'), bytes(1, 2, 3, 4), text('WEBPVP8 '))),
    ).toEqual({ mimeType: 'image/webp', ext: 'webp' });
    // A preview finds its original by these extensions.
    expect([...IMAGE_EXTENSIONS].sort()).toEqual(['gif', 'jpg', 'png', 'webp']);
  });

  it('recognises audio formats, including MP3 without a tag and raw AAC', () => {
    expect(sniffMediaType('audio', toneWav({ seconds: 0.01, frequency: 440 }))?.mimeType).toBe(
      'audio/wav',
    );
    expect(sniffMediaType('audio', text('ID3\x04\x00'))?.mimeType).toBe('audio/mpeg');
    // MPEG-1 layer III frame header, 128 kbit/s, 44.1 kHz.
    expect(sniffMediaType('audio', bytes(0xff, 0xfb, 0x90, 0x64))?.mimeType).toBe('audio/mpeg');
    // ADTS AAC.
    expect(sniffMediaType('audio', bytes(0xff, 0xf1, 0x50, 0x80))?.mimeType).toBe('audio/aac');
    expect(sniffMediaType('audio', text('OggS\x00\x02'))?.mimeType).toBe('audio/ogg');
    expect(sniffMediaType('audio', text('fLaC\x00\x00'))?.mimeType).toBe('audio/flac');
    expect(sniffMediaType('audio', ftyp('M4A '))).toEqual({ mimeType: 'audio/mp4', ext: 'm4a' });
    // A frame sync with the reserved version or a "bad" bitrate is not an MPEG frame.
    expect(sniffMediaType('audio', bytes(0xff, 0xeb, 0x90, 0x64))).toBeNull();
    expect(sniffMediaType('audio', bytes(0xff, 0xfb, 0xf0, 0x64))).toBeNull();
  });

  it('recognises video containers and tells QuickTime from MP4', () => {
    expect(sniffMediaType('video', ftyp('isom'))).toEqual({ mimeType: 'video/mp4', ext: 'mp4' });
    expect(sniffMediaType('video', ftyp('mp42'))?.mimeType).toBe('video/mp4');
    expect(sniffMediaType('video', ftyp('qt  '))).toEqual({
      mimeType: 'video/quicktime',
      ext: 'mov',
    });
    expect(sniffMediaType('video', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42)))?.toEqual({
      mimeType: 'video/webm',
      ext: 'webm',
    });
    // An M4A is audio, not a video.
    expect(sniffMediaType('video', ftyp('M4A '))).toBeNull();
  });

  it('judges the bytes, not the kind the caller hoped for', async () => {
    const png = await renderCover({ width: 8, height: 8, colors: ['#000', '#fff'], title: 'x' });
    expect(sniffMediaType('audio', png)).toBeNull();
    expect(sniffMediaType('video', png)).toBeNull();
    expect(sniffMediaType('image', toneWav({ seconds: 0.01, frequency: 440 }))).toBeNull();
    expect(sniffMediaType('image', text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffMediaType('image', text('just some text, named cover.png'))).toBeNull();
    expect(sniffMediaType('image', new Uint8Array())).toBeNull();
    expect(sniffMediaType('image', bytes(0x89, 0x50))).toBeNull();
  });
});
