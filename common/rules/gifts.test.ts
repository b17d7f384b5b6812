import { describe, expect, it } from 'vitest';
import { giftRefundableAt, giftSendAtProblem, membershipGiftCents } from './gifts';

describe('gift rules', () => {
  it("prices a membership gift at the tier's monthly price for each month", () => {
    expect(membershipGiftCents('Hypr', 1)).toBe(500);
    expect(membershipGiftCents('Hypr', 3)).toBe(1500);
    expect(membershipGiftCents('HyprSoul', 12)).toBe(18000);
  });

  it('takes a send date in the future and within a year', () => {
    const now = new Date('2033-01-01T00:00:00.000Z');
    expect(giftSendAtProblem(new Date('2033-01-01T00:00:00.000Z'), now)).toBe('gift_send_at_past');
    expect(giftSendAtProblem(new Date('invalid'), now)).toBe('gift_send_at_past');
    expect(giftSendAtProblem(new Date('2033-01-01T00:00:01.000Z'), now)).toBeNull();
    expect(giftSendAtProblem(new Date('2034-01-01T00:00:00.000Z'), now)).toBeNull();
    expect(giftSendAtProblem(new Date('2034-01-01T00:00:00.001Z'), now)).toBe(
      'gift_send_at_too_far',
    );
  });

  it('lets an unredeemed gift be refunded 30 days after its purchase', () => {
    expect(giftRefundableAt(new Date('2033-01-01T12:00:00.000Z')).toISOString()).toBe(
      '2033-01-31T12:00:00.000Z',
    );
  });
});
