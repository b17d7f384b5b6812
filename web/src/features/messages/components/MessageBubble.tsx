import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MessageText } from './MessageText';

interface MessageBubbleProps {
  text: string;
  timestamp: string;
  isMine: boolean;
  /** pending and failed: still on its way (optimistic send); seen: the other person read it. */
  state: 'sent' | 'seen' | 'pending' | 'failed';
  onRetry?: () => void;
  onReport?: () => void;
}

/** One message (SPEC §3: text, sender, timestamp), the viewer's own on the right. */
export function MessageBubble({
  text,
  timestamp,
  isMine,
  state,
  onRetry,
  onReport,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(timestamp));
  return (
    <div
      className={`aura-message d-flex flex-column ${isMine ? 'is-mine align-self-end align-items-end' : 'align-self-start align-items-start'}`}
      data-testid="message"
      data-state={state}
    >
      <div className={`aura-message-bubble${state === 'failed' ? ' is-failed' : ''}`}>
        <MessageText text={text} />
      </div>
      <div className="small aura-muted d-flex align-items-center gap-2">
        <time dateTime={timestamp}>{time}</time>
        {state === 'pending' && <span data-testid="message-pending">{t('messages.pending')}</span>}
        {state === 'seen' && <span data-testid="message-seen">{t('messages.seen')}</span>}
        {state === 'failed' && (
          <>
            <span className="text-danger" role="alert">
              {t('messages.failed')}
            </span>
            <Button size="sm" variant="link" className="p-0" onClick={onRetry}>
              {t('messages.retrySend')}
            </Button>
          </>
        )}
        {onReport && (
          <Button size="sm" variant="link" className="p-0 aura-muted" onClick={onReport}>
            {t('messages.report')}
          </Button>
        )}
      </div>
    </div>
  );
}
