/** Keys of client events remembered against repeats (`type:id`). */
const REMEMBERED_EVENTS = 500;

/** What to do with a numbered frame: apply it, skip it (had it), or ask for what is missing. */
export type SequenceVerdict = 'apply' | 'skip' | 'resume';

/**
 * The client side of the socket's sequence numbers (common/realtime.ts, issue 20): each event
 * is applied once, in order. Several client events may share a number (one domain event shown
 * as a message and an inbox row); a number beyond the next one means something was missed, and
 * the client asks for everything after its last (once per gap: later frames of the same gap are
 * dropped, as the answer brings them again).
 */
export class EventSequence {
  private lastSeq: number | null = null;
  private askedAfter: number | null = null;
  private readonly seen: string[] = [];

  /** The last number applied (null before the first `ready`): what a reconnect resumes after. */
  get last(): number | null {
    return this.lastSeq;
  }

  /** The server set the number (`ready`, `resync`). */
  reset(seq: number): void {
    this.lastSeq = seq;
    this.askedAfter = null;
  }

  /** A client event or a `sequence` marker (key null) numbered `seq`. */
  accept(seq: number, key: string | null): SequenceVerdict {
    if (this.lastSeq === null || seq === this.lastSeq + 1) {
      this.lastSeq = seq;
      this.remember(key);
      return 'apply';
    }
    if (seq > this.lastSeq + 1) {
      if (this.askedAfter === this.lastSeq) return 'skip';
      this.askedAfter = this.lastSeq;
      return 'resume';
    }
    // Another client event of the last number, unless it was applied already.
    if (seq === this.lastSeq && key !== null && !this.seen.includes(key)) {
      this.remember(key);
      return 'apply';
    }
    return 'skip';
  }

  /** A client event without a number (an older server): applied unless it is a repeat. */
  acceptUnnumbered(key: string): boolean {
    if (this.seen.includes(key)) return false;
    this.remember(key);
    return true;
  }

  private remember(key: string | null): void {
    if (key === null) return;
    this.seen.push(key);
    if (this.seen.length > REMEMBERED_EVENTS) this.seen.shift();
  }
}
