import './assistant.css';
import { useEffect, useRef } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ChatResponse, type AssistantLanguage } from '../../../../../common/schemas/ai';
import { useSendChatMessage } from '../api/ai';
import { useChatPanel } from '../../../app/shell/chat-panel-state';
import { AssistantIntro } from './AssistantIntro';
import { chatErrorOf } from './chat-errors';
import { ChatComposer } from './ChatComposer';
import { ChatMessageList } from './ChatMessageList';
import {
  appendToReply,
  ensureOwner,
  failReply,
  finishReply,
  startExchange,
  useConversation,
} from './conversation-store';

const PANEL_ID = 'assistant-panel';

/**
 * SPEC §2/§4 AI chat panel: closed or open, loading while a reply comes. The reply streams in
 * piece by piece (server-sent events). Escape closes it and focus returns to the header toggle.
 */
export default function AssistantPanel({ ownerId }: { ownerId: string }) {
  const { t, i18n } = useTranslation();
  const chat = useChatPanel();
  const conversation = useConversation();
  // Another sign-in in this tab starts a new conversation; the old one is never shown to it.
  useEffect(() => ensureOwner(ownerId), [ownerId]);
  const isOwn = conversation.ownerId === ownerId;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendChatMessage({
    onSuccess: (answer) => {
      const parsed = ChatResponse.safeParse(answer);
      // SPEC §8: an answer without a response field is chatbot.error.
      if (parsed.success) finishReply(parsed.data.response);
      else failReply({ key: 'chatbot.error' });
    },
    onError: (error) => failReply(chatErrorOf(error)),
  });
  const isLoading = isOwn && conversation.pendingId !== null;

  const sendText = (text: string) => {
    if (isLoading || text.trim() === '') return;
    ensureOwner(ownerId);
    startExchange(text);
    send.mutate({
      body: { message: text, language: i18n.language as AssistantLanguage, stream: true },
      onDelta: appendToReply,
    });
  };

  return (
    <Offcanvas
      show={chat.isOpen}
      onHide={chat.close}
      onEntered={() => inputRef.current?.focus()}
      placement="end"
      backdrop={false}
      scroll
      id={PANEL_ID}
      className="aura-assistant"
      aria-labelledby={`${PANEL_ID}-title`}
      data-testid="assistant-panel"
    >
      <Offcanvas.Header closeButton closeLabel={t('chatbot.close')}>
        <Offcanvas.Title as="h2" id={`${PANEL_ID}-title`} className="h5">
          {t('chatbot.title')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column gap-2">
        <div className="flex-grow-1 overflow-auto" role="log" aria-busy={isLoading}>
          <AssistantIntro onLeave={chat.close} />
          <ChatMessageList
            messages={isOwn ? conversation.messages : []}
            pendingId={isOwn ? conversation.pendingId : null}
            onQuickReply={sendText}
          />
        </div>
        {isLoading && (
          <p className="small aura-muted mb-0" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('chatbot.loading')}
          </p>
        )}
        {isOwn && conversation.error && (
          <p className="alert alert-danger small mb-0" role="alert">
            {t(conversation.error.key, { reason: conversation.error.reason ?? '' })}
          </p>
        )}
        <ChatComposer isLoading={isLoading} onSend={sendText} inputRef={inputRef} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
