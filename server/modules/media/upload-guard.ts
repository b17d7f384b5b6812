import { Transform, type TransformCallback } from 'node:stream';
import type { MediaKind } from '../../../common/schemas/media';
import { fail } from '../../http/errors';
import { ACCEPTED_FORMATS, SNIFF_BYTES, sniffMediaType, type SniffedType } from './sniff';

function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}

export const tooLarge = (kind: MediaKind, limit: number) =>
  fail('file_too_large', { kind, limit: byteSize(limit) });

/**
 * Passes the bytes through while checking them: the type from the first bytes, the size from
 * the running count. Fails the stream (so nothing is kept) on the first byte that breaks a rule.
 */
export class UploadGuard extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private size = 0;
  sniffed: SniffedType | null = null;

  constructor(
    private readonly kind: MediaKind,
    private readonly limit: number,
  ) {
    super();
  }

  get bytes(): number {
    return this.size;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return done(tooLarge(this.kind, this.limit));
    if (this.sniffed) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.releaseHead(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.sniffed) return done();
    if (this.headLength === 0) return done(fail('file_empty'));
    this.releaseHead(done);
  }

  /** Judges the first bytes; the stream waits (no further chunk comes in) until it is done. */
  private releaseHead(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    sniffMediaType(this.kind, head).then((type) => {
      this.sniffed = type;
      if (!type) {
        return done(
          fail('file_type_refused', { kind: this.kind, formats: ACCEPTED_FORMATS[this.kind] }),
        );
      }
      done(null, head);
    }, done);
  }
}
