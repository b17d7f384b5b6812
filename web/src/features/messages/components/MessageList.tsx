import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DirectMessage } from '../../../../../common/schemas/messages';
import type { OutgoingMessage } from '../api/message-outbox';
import { compareNewestFirst } from '../api/messages';
import { MessageBubble } from './MessageBubble';

interface MessageListProps {
  viewerId: string;
  /** Oldest first. */
  messages: DirectMessage[];
  outgoing: readonly OutgoingMessage[];
  peerReadUpTo: string | null;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder(): void;
  onRetry(clientId: string): void;
  onReport?: (message: DirectMessage) => void;
}

/** How close to the bottom still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

/**
 * The messages of a conversation, oldest at the top. Scrolling to the top loads older ones
 * without moving what is on screen; new ones scroll into view while the reader is at the
 * bottom (and always after the viewer sends).
 */
export function MessageList(props: MessageListProps) {
  const { t } = useTranslation();
  const { messages, outgoing, viewerId, hasOlder, isLoadingOlder, onLoadOlder } = props;
  const scroller = useRef<HTMLDivElement | null>(null);
  const topSentinel = useRef<HTMLDivElement | null>(null);
  const previous = useRef({ oldestId: '', newestKey: '', scrollHeight: 0, wasNearBottom: true });

  // The newest of the viewer's messages the other person has read: that one shows "Seen".
  const seenId = props.peerReadUpTo
    ? messages
        .filter((m) => m.sender === viewerId)
        .sort(compareNewestFirst)
        .find((m) => compareNewestFirst(m, { id: props.peerReadUpTo! }) >= 0)?.id
    : undefined;

  const oldestId = messages[0]?.id ?? '';
  const newestKey = `${messages.at(-1)?.id ?? ''}/${outgoing.length}`;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (before.oldestId && oldestId !== before.oldestId && newestKey === before.newestKey) {
      // Older messages came in above: keep the same messages under the reader's eyes.
      el.scrollTop += el.scrollHeight - before.scrollHeight;
    } else if (newestKey !== before.newestKey) {
      const sentByViewer = outgoing.length > 0 || messages.at(-1)?.sender === viewerId;
      if (before.wasNearBottom || sentByViewer || !before.newestKey) el.scrollTop = el.scrollHeight;
    }
    previous.current = {
      oldestId,
      newestKey,
      scrollHeight: el.scrollHeight,
      wasNearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [oldestId, newestKey, messages, outgoing.length, viewerId]);

  useEffect(() => {
    const root = scroller.current;
    const target = topSentinel.current;
    if (!root || !target || !hasOlder || isLoadingOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, isLoadingOlder, onLoadOlder]);

  const rememberPosition = () => {
    const el = scroller.current;
    if (!el) return;
    previous.current.wasNearBottom =
      el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  return (
    <div
      ref={scroller}
      className="aura-messages-scroll flex-grow-1 p-3 d-flex flex-column gap-2"
      onScroll={rememberPosition}
      role="log"
      aria-live="polite"
      aria-label={t('messages.historyLabel')}
      tabIndex={0}
      data-testid="message-list"
    >
      <div ref={topSentinel} aria-hidden="true" />
      {hasOlder && (
        <div className="text-center">
          <Button size="sm" variant="link" disabled={isLoadingOlder} onClick={onLoadOlder}>
            {isLoadingOlder ? <Spinner animation="border" size="sm" /> : t('messages.loadOlder')}
          </Button>
        </div>
      )}
      {messages.length === 0 && outgoing.length === 0 && (
        <p className="m-auto aura-muted" data-testid="empty-conversation">
          {t('messages.emptyConversation')}
        </p>
      )}
      {messages.map((message) => (
        <MessageBubble
          key={message.id}
          text={message.text}
          timestamp={message.timestamp}
          isMine={message.sender === viewerId}
          state={message.id === seenId ? 'seen' : 'sent'}
          onReport={
            props.onReport && message.sender !== viewerId
              ? () => props.onReport?.(message)
              : undefined
          }
        />
      ))}
      {outgoing.map((message) => (
        <MessageBubble
          key={message.clientId}
          text={message.text}
          timestamp={message.createdAt}
          isMine
          state={message.status}
          onRetry={() => props.onRetry(message.clientId)}
        />
      ))}
    </div>
  );
}
