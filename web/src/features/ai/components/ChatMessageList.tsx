import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { splitOptions } from '../../../../../common/rules/ai-reply';
import type { ChatMessage } from './conversation-store';

/** SPEC §2/§4: user and AI messages; an AI reply's `Option:` lines as quick-reply buttons. */
export function ChatMessageList({
  messages,
  pendingId,
  onQuickReply,
}: {
  messages: readonly ChatMessage[];
  pendingId: string | null;
  onQuickReply: (text: string) => void;
}) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  const lastText = messages.at(-1)?.text;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastText]);

  if (messages.length === 0) return <p className="small aura-muted">{t('chatbot.empty')}</p>;
  return (
    <>
      <ol
        className="list-unstyled mb-0 d-flex flex-column gap-2"
        aria-label={t('chatbot.messagesLabel')}
      >
        {messages.map((message) => {
          const isUser = message.role === 'user';
          // While a reply streams in, its Option: lines are not shown as text.
          const text = message.id === pendingId ? splitOptions(message.text).text : message.text;
          return (
            <li
              key={message.id}
              className={`aura-chat-message ${isUser ? 'is-user' : 'is-ai'}`}
              data-testid={`chat-message-${message.role}`}
            >
              <span className="visually-hidden">
                {isUser ? t('chatbot.you') : t('chatbot.assistant')}:{' '}
              </span>
              <span className="aura-chat-text">{text}</span>
              {message.options && message.options.length > 0 && (
                <div
                  className="d-flex flex-wrap gap-1 mt-2"
                  role="group"
                  aria-label={t('chatbot.quickReplies')}
                >
                  {message.options.map((option) => (
                    <button
                      key={option}
                      type="button"
                      className="btn btn-sm btn-outline-primary text-start"
                      disabled={pendingId !== null}
                      onClick={() => onQuickReply(option)}
                    >
                      {option}
                    </button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div ref={endRef} />
    </>
  );
}
