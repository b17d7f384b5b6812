import { describe, expect, it } from 'vitest';
import { renderCover, toneWav } from '../../seed/content-media';
import type { MediaKind } from '../../../common/schemas/media';
import { IMAGE_EXTENSIONS, sniffMediaType } from './sniff';

const bytes = (...values: number[]) => Uint8Array.from(values);
/** One byte per character (latin1), so '\x80' is the byte 0x80. */
const text = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const ftyp = (brand: string) =>
  concat(bytes(0, 0, 0, 0x20), text('ftyp'), text(brand), bytes(0, 0, 0, 0));
/** The first Ogg page (27-byte header, one segment) and the start of its codec's id packet. */
const oggPage = (codecId: string) =>
  concat(
    text('OggS'),
    bytes(0, 0x02),
    new Uint8Array(20),
    bytes(1, 30),
    text(codecId.padEnd(8, '\0')),
  );
/** An EBML header holding only its DocType ("webm", "matroska"). */
const ebml = (docType: string) =>
  concat(
    bytes(0x1a, 0x45, 0xdf, 0xa3, 0x83 + docType.length, 0x42, 0x82, 0x80 | docType.length),
    text(docType),
  );
/** An ID3v2.4 tag of `size` bytes (syncsafe), padded with zeros. */
const id3 = (size: number) =>
  concat(
    text('ID3'),
    bytes(4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f),
    new Uint8Array(size),
  );
const mimeOf = async (kind: MediaKind, head: Uint8Array) =>
  (await sniffMediaType(kind, head))?.mimeType ?? null;

describe('sniffMediaType', () => {
  it('recognises images by their signature', async () => {
    const png = await renderCover({ width: 8, height: 8, colors: ['#000', '#fff'], title: 'x' });
    expect(await sniffMediaType('image', png)).toEqual({ mimeType: 'image/png', ext: 'png' });
    const jpeg = await renderCover({
      width: 8,
      height: 8,
      colors: ['#000', '#fff'],
      title: 'x',
      format: 'jpeg',
    });
    expect(await mimeOf('image', jpeg)).toBe('image/jpeg');
    expect(await mimeOf('image', text('GIF89a\x01\x00'))).toBe('image/gif');
    expect(await mimeOf('image', text('GIF87a\x01\x00'))).toBe('image/gif');
    expect(
      await sniffMediaType('image', concat(text('RIFF'), bytes(1, 2, 3, 4), text('WEBPVP8 '))),
    ).toEqual({ mimeType: 'image/webp', ext: 'webp' });
    // An animated PNG (acTL before the first IDAT) is stored as the PNG it also is.
    const ihdr = concat(bytes(0, 0, 0, 13), text('IHDR'), new Uint8Array(13 + 4));
    const apng = concat(
      png.subarray(0, 8),
      ihdr,
      bytes(0, 0, 0, 8),
      text('acTL'),
      new Uint8Array(12),
    );
    expect(await sniffMediaType('image', apng)).toEqual({ mimeType: 'image/png', ext: 'png' });
    // A preview finds its original by these extensions.
    expect([...IMAGE_EXTENSIONS].sort()).toEqual(['gif', 'jpg', 'png', 'webp']);
  });

  it('recognises audio formats, including MP3 without a tag and raw AAC', async () => {
    expect(await mimeOf('audio', toneWav({ seconds: 0.01, frequency: 440 }))).toBe('audio/wav');
    expect(await mimeOf('audio', text('ID3\x04\x00'))).toBe('audio/mpeg');
    // MPEG-1 layer III frame header, 128 kbit/s, 44.1 kHz.
    expect(await mimeOf('audio', bytes(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg');
    // ADTS AAC.
    expect(await mimeOf('audio', bytes(0xff, 0xf1, 0x50, 0x80))).toBe('audio/aac');
    expect(await mimeOf('audio', oggPage('\x01vorbis'))).toBe('audio/ogg');
    expect(await mimeOf('audio', text('fLaC\x00\x00'))).toBe('audio/flac');
    expect(await sniffMediaType('audio', ftyp('M4A '))).toEqual({
      mimeType: 'audio/mp4',
      ext: 'm4a',
    });
    // A frame sync with the reserved version or a "bad" bitrate is not an MPEG frame.
    expect(await sniffMediaType('audio', bytes(0xff, 0xeb, 0x90, 0x64))).toBeNull();
    expect(await sniffMediaType('audio', bytes(0xff, 0xfb, 0xf0, 0x64))).toBeNull();
  });

  it('looks past an ID3 tag, and trusts a tag longer than the first bytes', async () => {
    const frame = bytes(0xff, 0xfb, 0x90, 0x64);
    expect(await mimeOf('audio', concat(id3(64), frame))).toBe('audio/mpeg');
    // Tagged FLAC is FLAC; a tagged picture is still no audio.
    expect(await mimeOf('audio', concat(id3(64), text('fLaC\x00\x00\x00\x22')))).toBe('audio/flac');
    const png = await renderCover({ width: 8, height: 8, colors: ['#000', '#fff'], title: 'x' });
    expect(await mimeOf('audio', concat(id3(64), png))).toBeNull();
    // Cover art makes tags of hundreds of kilobytes: the first bytes hold only the tag.
    expect(await mimeOf('audio', id3(500_000).subarray(0, 4100))).toBe('audio/mpeg');
  });

  it('accepts the Ogg codecs that are audio and MP4 audio under a generic brand', async () => {
    expect(await mimeOf('audio', oggPage('OpusHead'))).toBe('audio/ogg');
    expect(await mimeOf('audio', oggPage('\x7fFLAC'))).toBe('audio/ogg');
    expect(await mimeOf('audio', oggPage('\x80theora'))).toBeNull();
    expect(await sniffMediaType('audio', ftyp('isom'))).toEqual({
      mimeType: 'audio/mp4',
      ext: 'm4a',
    });
    expect(await sniffMediaType('audio', ebml('webm'))).toEqual({
      mimeType: 'audio/webm',
      ext: 'weba',
    });
  });

  it('recognises video containers and tells QuickTime from MP4', async () => {
    expect(await sniffMediaType('video', ftyp('isom'))).toEqual({
      mimeType: 'video/mp4',
      ext: 'mp4',
    });
    expect(await mimeOf('video', ftyp('mp42'))).toBe('video/mp4');
    expect(await sniffMediaType('video', ftyp('qt  '))).toEqual({
      mimeType: 'video/quicktime',
      ext: 'mov',
    });
    expect(await sniffMediaType('video', ebml('webm'))).toEqual({
      mimeType: 'video/webm',
      ext: 'webm',
    });
    // An M4A is audio, not a video; Matroska other than WebM and ISO images are not on the list.
    expect(await sniffMediaType('video', ftyp('M4A '))).toBeNull();
    expect(await sniffMediaType('video', ebml('matroska'))).toBeNull();
    expect(await sniffMediaType('video', ftyp('avif'))).toBeNull();
    expect(await sniffMediaType('video', ftyp('3gp4'))).toBeNull();
  });

  it('judges the bytes, not the kind the caller hoped for', async () => {
    const png = await renderCover({ width: 8, height: 8, colors: ['#000', '#fff'], title: 'x' });
    expect(await sniffMediaType('audio', png)).toBeNull();
    expect(await sniffMediaType('video', png)).toBeNull();
    expect(await sniffMediaType('image', toneWav({ seconds: 0.01, frequency: 440 }))).toBeNull();
    expect(
      await sniffMediaType('image', text('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeNull();
    expect(await sniffMediaType('image', text('just some text, named cover.png'))).toBeNull();
    expect(await sniffMediaType('image', new Uint8Array())).toBeNull();
    expect(await sniffMediaType('image', bytes(0x89, 0x50))).toBeNull();
  });
});
