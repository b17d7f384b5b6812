import type { SendRefusal } from '../schemas/messages';

/*
 * Who may message whom (docs/features.md "Direct messages", issue 11). The server decides with this rule
 * for every send and for the search of people to message (in SQL, server/modules/messages/
 * policy.ts); the chat panel shows the server's answer, never its own guess.
 */

/** How two people stand to each other, seen from the sender. */
export interface MessagingRelation {
  /** The recipient's role is creator (common/rules/creator.ts `hasCreatorRole`): anyone signed
   * in may message them. */
  recipientIsCreator: boolean;
  senderIsCreator: boolean;
  /** The recipient follows the sender. */
  recipientFollowsSender: boolean;
  /** The recipient holds a membership of the sender that gives access now. */
  recipientSubscribesToSender: boolean;
  /** The sender follows the recipient. */
  senderFollowsRecipient: boolean;
  /** The recipient already wrote to the sender in their conversation: a reply is always fine. */
  recipientWroteFirst: boolean;
  senderBlockedRecipient: boolean;
  recipientBlockedSender: boolean;
}

/**
 * Anyone signed in may message a creator; a creator may message anyone who follows or
 * subscribes to them; otherwise both must follow one another. Anyone may answer a person who
 * wrote to them. A block, either way, stops all of it. Null when allowed, else why not.
 */
export function sendRefusal(r: MessagingRelation): SendRefusal | null {
  if (r.senderBlockedRecipient) return 'blockedByMe';
  if (r.recipientBlockedSender) return 'blockedMe';
  if (r.recipientIsCreator) return null;
  if (r.senderIsCreator && (r.recipientFollowsSender || r.recipientSubscribesToSender)) return null;
  if (r.senderFollowsRecipient && r.recipientFollowsSender) return null;
  if (r.recipientWroteFirst) return null;
  return 'notAllowed';
}
