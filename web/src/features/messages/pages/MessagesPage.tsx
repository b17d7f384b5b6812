import '../components/messages.css';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ChatUserList } from '../components/ChatUserList';
import { ConversationPanel } from '../components/ConversationPanel';

/**
 * SPEC §2 /messages: the user list with search beside the chat panel (issue 11). On phones one
 * pane shows at a time: the list at /messages, a conversation at /messages/{userId} with a way
 * back to the list.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const hasSelection = Boolean(userId);
  return (
    <main className="container-xl py-3">
      <h1 className="h4 mb-3">{t('messages.title')}</h1>
      <div className="aura-messages border rounded d-flex" data-testid="messages-page">
        <aside
          className={`aura-messages-list flex-column ${hasSelection ? 'd-none d-md-flex' : 'd-flex'}`}
          aria-label={t('messages.listLabel')}
        >
          <ChatUserList selectedId={userId ?? null} />
        </aside>
        <section
          className={`aura-messages-chat flex-column flex-grow-1 ${hasSelection ? 'd-flex' : 'd-none d-md-flex'}`}
          aria-label={t('messages.chatLabel')}
        >
          {userId ? (
            // Keyed by the person: choosing someone else starts from their conversation.
            <ConversationPanel key={userId} peerId={userId} />
          ) : (
            <p className="m-auto p-4 text-center aura-muted" data-testid="select-user">
              {t('messages.selectUser')}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
