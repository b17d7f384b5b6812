import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { toneWav } from '../../seed/content-media';
import { SNIFF_BYTES } from './sniff';
import { UploadGuard } from './upload-guard';

const CHUNK = 1024;
/** Chunks the source may be ahead by: the guard's 16 KiB write buffer and the source's own. */
const READ_AHEAD = 16 + 2;

/** A source of `count` chunks that records how many were pulled from it. */
function countingSource(head: Buffer, count: number) {
  const source = { pulled: 0 };
  const chunks = function* () {
    for (let i = 0; i < count; i++) {
      source.pulled++;
      yield i === 0 ? head : Buffer.alloc(CHUNK, 0x61);
    }
  };
  return { source, stream: Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK }) };
}

/** A sink that records what reached it (the temporary file, in production). */
function recordingSink() {
  const received: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk);
      done();
    },
  });
  return { received, stream };
}

describe('UploadGuard', () => {
  it('refuses by the first bytes, before the rest of the file is read or written', async () => {
    const { source, stream } = countingSource(Buffer.from('not a sound at all'), 1000);
    const sink = recordingSink();
    const guard = new UploadGuard('audio', 100 * 1024 * 1024);
    await expect(pipeline(stream, guard, sink.stream)).rejects.toMatchObject({ statusCode: 415 });
    expect(sink.received).toEqual([]);
    // The judgement falls once SNIFF_BYTES have arrived, not at the end of the 1000 chunks
    // (the streams read ahead only up to their buffers' high-water marks).
    expect(source.pulled).toBeLessThanOrEqual(Math.ceil(SNIFF_BYTES / CHUNK) + READ_AHEAD);
  });

  it('holds back the first bytes until they are judged, then passes everything through', async () => {
    const wav = toneWav({ seconds: 0.5, frequency: 440, sampleRate: 8000 });
    expect(wav.length).toBeGreaterThan(SNIFF_BYTES);
    const chunks = Array.from({ length: Math.ceil(wav.length / 100) }, (_, i) =>
      wav.subarray(i * 100, (i + 1) * 100),
    );
    const sink = recordingSink();
    const guard = new UploadGuard('audio', wav.length);
    const firstOut = new Promise<number>((resolve) =>
      guard.once('data', (chunk: Buffer) => resolve(chunk.length)),
    );
    await pipeline(Readable.from(chunks), guard, sink.stream);
    expect(await firstOut).toBeGreaterThanOrEqual(SNIFF_BYTES);
    expect(Buffer.concat(sink.received).equals(wav)).toBe(true);
    expect(guard.sniffed).toEqual({ mimeType: 'audio/wav', ext: 'wav' });
    expect(guard.bytes).toBe(wav.length);
  });

  it('judges a file shorter than the sample at its end, and refuses an empty one', async () => {
    const wav = toneWav({ seconds: 0.01, frequency: 440, sampleRate: 8000 });
    expect(wav.length).toBeLessThan(SNIFF_BYTES);
    const sink = recordingSink();
    const guard = new UploadGuard('audio', 1024 * 1024);
    await pipeline(Readable.from([wav]), guard, sink.stream);
    expect(guard.sniffed?.mimeType).toBe('audio/wav');
    expect(Buffer.concat(sink.received).equals(wav)).toBe(true);

    const empty = new UploadGuard('audio', 1024);
    await expect(pipeline(Readable.from([]), empty, recordingSink().stream)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('stops at the first chunk past the size limit', async () => {
    const wav = toneWav({ seconds: 0.01, frequency: 440, sampleRate: 8000 });
    const { source, stream } = countingSource(wav, 1000);
    const guard = new UploadGuard('audio', 20 * CHUNK);
    await expect(pipeline(stream, guard, recordingSink().stream)).rejects.toMatchObject({
      statusCode: 413,
      message: 'The audio is larger than the limit of 20 KiB',
    });
    expect(source.pulled).toBeLessThanOrEqual(21 + READ_AHEAD);
  });
});
