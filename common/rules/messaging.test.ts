import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sendRefusal, type MessagingRelation } from './messaging';

const none: MessagingRelation = {
  recipientIsCreator: false,
  senderIsCreator: false,
  recipientFollowsSender: false,
  recipientSubscribesToSender: false,
  senderFollowsRecipient: false,
  recipientWroteFirst: false,
  senderBlockedRecipient: false,
  recipientBlockedSender: false,
};

const relation = fc.record<MessagingRelation>({
  recipientIsCreator: fc.boolean(),
  senderIsCreator: fc.boolean(),
  recipientFollowsSender: fc.boolean(),
  recipientSubscribesToSender: fc.boolean(),
  senderFollowsRecipient: fc.boolean(),
  recipientWroteFirst: fc.boolean(),
  senderBlockedRecipient: fc.boolean(),
  recipientBlockedSender: fc.boolean(),
});

describe('sendRefusal (who may message whom)', () => {
  it('lets anyone message a creator', () => {
    expect(sendRefusal({ ...none, recipientIsCreator: true })).toBeNull();
  });

  it('lets a creator message followers and members, nobody else', () => {
    expect(sendRefusal({ ...none, senderIsCreator: true })).toBe('notAllowed');
    expect(
      sendRefusal({ ...none, senderIsCreator: true, recipientFollowsSender: true }),
    ).toBeNull();
    expect(
      sendRefusal({ ...none, senderIsCreator: true, recipientSubscribesToSender: true }),
    ).toBeNull();
    // Following or subscribing to a non-creator gives them nothing.
    expect(sendRefusal({ ...none, recipientFollowsSender: true })).toBe('notAllowed');
    expect(sendRefusal({ ...none, recipientSubscribesToSender: true })).toBe('notAllowed');
  });

  it('lets two people message each other only when both follow one another', () => {
    expect(sendRefusal({ ...none, senderFollowsRecipient: true })).toBe('notAllowed');
    expect(sendRefusal({ ...none, recipientFollowsSender: true })).toBe('notAllowed');
    expect(
      sendRefusal({ ...none, senderFollowsRecipient: true, recipientFollowsSender: true }),
    ).toBeNull();
  });

  it('lets anyone answer a person who wrote to them', () => {
    expect(sendRefusal({ ...none, recipientWroteFirst: true })).toBeNull();
  });

  it('refuses everything across a block, whichever side blocked', () => {
    fc.assert(
      fc.property(relation, (r) => {
        if (r.senderBlockedRecipient) expect(sendRefusal(r)).toBe('blockedByMe');
        else if (r.recipientBlockedSender) expect(sendRefusal(r)).toBe('blockedMe');
      }),
    );
  });

  it('never allows without one of the reasons docs/features.md names', () => {
    fc.assert(
      fc.property(relation, (r) => {
        const isAllowed = sendRefusal(r) === null;
        const hasReason =
          r.recipientIsCreator ||
          (r.senderIsCreator && (r.recipientFollowsSender || r.recipientSubscribesToSender)) ||
          (r.senderFollowsRecipient && r.recipientFollowsSender) ||
          r.recipientWroteFirst;
        const isBlocked = r.senderBlockedRecipient || r.recipientBlockedSender;
        expect(isAllowed).toBe(hasReason && !isBlocked);
      }),
    );
  });
});
