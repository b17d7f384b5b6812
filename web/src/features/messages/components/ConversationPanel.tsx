import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectMessage } from '../../../../../common/schemas/messages';
import { useAuth } from '../../../app/auth';
import { useOutgoingMessages } from '../api/message-outbox';
import { useBlock, useConversation, useMarkRead, useSendMessage } from '../api/messages';
import { useRealtimeStatus } from '../api/messages-live';
import { isNotFound } from '../../../shared/api/request';
import { Avatar } from '../../items/components/Avatar';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { MessageText } from './MessageText';
import { ReportDialog } from '../../reports/components/ReportDialog';

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isPageVisible = () => document.visibilityState === 'visible';

/**
 * SPEC §2 chat panel with one person: their history from the server (older pages on scroll
 * up), live messages from the socket, optimistic sends, and the read mark moved as soon as the
 * viewer can see what arrived.
 */
export function ConversationPanel({ peerId }: { peerId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const conversation = useConversation(peerId);
  const outgoing = useOutgoingMessages(peerId);
  const sender = useSendMessage(peerId);
  const block = useBlock(peerId);
  const { mutate: markRead } = useMarkRead(peerId);
  const status = useRealtimeStatus();
  const isVisible = useSyncExternalStore(subscribeVisibility, isPageVisible);
  const [reporting, setReporting] = useState<DirectMessage | null>(null);

  const newestPage = conversation.data?.pages[0];
  const unread = newestPage?.peer.unread ?? 0;
  const newestId = newestPage?.messages[0]?.id;
  // Once per newest message: a mark that fails is tried again when the next message arrives,
  // never in a loop.
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (unread === 0 || !newestId || !isVisible || markedUpTo.current === newestId) return;
    markedUpTo.current = newestId;
    markRead(newestId);
  }, [unread, newestId, isVisible, markRead]);

  if (conversation.isPending) {
    return (
      <div className="m-auto p-4">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('messages.loading')}</span>
        </Spinner>
      </div>
    );
  }
  if (conversation.isError || !newestPage) {
    return (
      <div className="p-3">
        <BackToList />
        <Alert variant={isNotFound(conversation.error) ? 'warning' : 'danger'} className="mt-2">
          {isNotFound(conversation.error) ? t('messages.notFound') : t('messages.loadError')}{' '}
          {!isNotFound(conversation.error) && (
            <Button size="sm" variant="outline-danger" onClick={() => void conversation.refetch()}>
              {t('messages.retry')}
            </Button>
          )}
        </Alert>
      </div>
    );
  }

  const { peer, abilities, sendRefusal } = newestPage;
  const messages = (conversation.data?.pages ?? []).flatMap((page) => page.messages).reverse();
  return (
    <>
      <header className="d-flex align-items-center gap-2 p-2 border-bottom">
        <BackToList />
        <Link
          to={`/hypr/${peer.id}`}
          className="d-flex align-items-center gap-2 text-reset text-decoration-none flex-grow-1 overflow-hidden"
        >
          <Avatar src={peer.avatar} name={peer.name} size={36} className="flex-shrink-0" />
          <span className="d-flex flex-column overflow-hidden">
            <h2 className="h6 mb-0 text-truncate" data-testid="chat-peer-name">
              {peer.name}
            </h2>
            <span className="small aura-muted text-truncate">@{peer.username}</span>
          </span>
        </Link>
        {abilities.canBlock && (
          <Button
            size="sm"
            variant={peer.blockedByMe ? 'outline-secondary' : 'outline-danger'}
            disabled={block.isPending}
            onClick={() => block.mutate(!peer.blockedByMe)}
          >
            {peer.blockedByMe ? t('messages.unblock') : t('messages.block')}
          </Button>
        )}
      </header>
      {status !== 'online' && (
        <p className="small aura-muted px-3 py-1 mb-0 border-bottom" role="status">
          {t('messages.reconnecting')}
        </p>
      )}
      <MessageList
        viewerId={user?.id ?? ''}
        messages={messages}
        outgoing={outgoing}
        peerReadUpTo={newestPage.peerReadUpTo}
        hasOlder={conversation.hasNextPage}
        isLoadingOlder={conversation.isFetchingNextPage}
        onLoadOlder={() => void conversation.fetchNextPage()}
        onRetry={sender.retry}
        onReport={abilities.canReport ? setReporting : undefined}
      />
      {abilities.canMessage ? (
        <MessageComposer onSend={sender.send} />
      ) : (
        <div className="p-3 border-top" data-testid="send-refused">
          <p className="mb-2">
            {sendRefusal === 'blockedByMe'
              ? t('messages.blockedByMe')
              : sendRefusal === 'notAllowed'
                ? t('messages.notAllowed')
                : t('messages.cannotMessage')}
          </p>
          {sendRefusal === 'blockedByMe' && (
            <Button size="sm" disabled={block.isPending} onClick={() => block.mutate(false)}>
              {t('messages.unblock')}
            </Button>
          )}
        </div>
      )}
      {reporting && (
        <ReportDialog
          subject={{ targetType: 'message', targetId: reporting.id }}
          quote={<MessageText text={reporting.text} />}
          onClose={() => setReporting(null)}
        />
      )}
    </>
  );
}

/** Phones show one pane at a time: the way back to the list. */
function BackToList() {
  const { t } = useTranslation();
  return (
    <Link to="/messages" className="btn btn-sm btn-outline-secondary d-md-none">
      <span aria-hidden="true">← </span>
      {t('messages.back')}
    </Link>
  );
}
