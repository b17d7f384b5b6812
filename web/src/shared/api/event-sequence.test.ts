import { describe, expect, it } from 'vitest';
import { EventSequence } from './event-sequence';

describe('EventSequence (each socket event once, in order)', () => {
  it('applies the next number, and the other client events of the last one once', () => {
    const sequence = new EventSequence();
    sequence.reset(4);
    expect(sequence.accept(5, 'message.created:10')).toBe('apply');
    expect(sequence.accept(5, 'conversation.updated:10')).toBe('apply');
    expect(sequence.accept(5, 'message.created:10')).toBe('skip');
    expect(sequence.accept(6, null)).toBe('apply');
    expect(sequence.last).toBe(6);
  });

  it('skips what it had, and asks once per gap for what it missed', () => {
    const sequence = new EventSequence();
    sequence.reset(2);
    expect(sequence.accept(2, 'message.created:1')).toBe('apply');
    expect(sequence.accept(1, 'message.created:0')).toBe('skip');
    expect(sequence.accept(4, 'message.created:3')).toBe('resume');
    expect(sequence.accept(5, 'message.created:4')).toBe('skip');
    expect(sequence.last).toBe(2);
    // The answer brings them again, in order.
    expect(sequence.accept(3, 'message.created:2')).toBe('apply');
    expect(sequence.accept(4, 'message.created:3')).toBe('apply');
    expect(sequence.accept(5, 'message.created:4')).toBe('apply');
    expect(sequence.accept(7, null)).toBe('resume');
  });

  it('starts over where the server says (ready, resync)', () => {
    const sequence = new EventSequence();
    expect(sequence.last).toBeNull();
    sequence.reset(10);
    expect(sequence.accept(12, null)).toBe('resume');
    sequence.reset(20);
    expect(sequence.accept(21, 'warning.received:3')).toBe('apply');
  });

  it('applies unnumbered events (an older server) once each', () => {
    const sequence = new EventSequence();
    expect(sequence.acceptUnnumbered('message.created:1')).toBe(true);
    expect(sequence.acceptUnnumbered('message.created:1')).toBe(false);
  });
});
