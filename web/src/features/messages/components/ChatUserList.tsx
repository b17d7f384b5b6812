import { useId, useState } from 'react';
import { Alert, Badge, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHAT_SEARCH_MAX_LENGTH, type ChatUser } from '../../../../../common/schemas/messages';
import { useAuth } from '../../../app/auth';
import { useChatUsers } from '../api/messages';
import { Avatar } from '../../items/components/Avatar';
import { useDebouncedValue } from './useDebouncedValue';

const SEARCH_DELAY_MS = 250;

/**
 * SPEC §2 user list with search: the viewer's conversations (most recent first, with the last
 * message and the unread count), or, while searching, the people they may message. SPEC §8:
 * 'No users found' when a search finds nobody; an empty inbox says how a conversation starts.
 */
export function ChatUserList({ selectedId }: { selectedId: string | null }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const list = useChatUsers(q);
  const people = list.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <>
      <div className="p-2 border-bottom">
        <Form.Label htmlFor={searchId} className="visually-hidden">
          {t('messages.searchLabel')}
        </Form.Label>
        <Form.Control
          id={searchId}
          type="search"
          value={typed}
          maxLength={CHAT_SEARCH_MAX_LENGTH}
          placeholder={t('messages.searchPlaceholder')}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div className="aura-messages-scroll flex-grow-1">
        {list.isPending ? (
          <div className="text-center py-4">
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">{t('messages.loading')}</span>
            </Spinner>
          </div>
        ) : list.isError ? (
          <Alert variant="danger" className="m-2 d-flex align-items-center gap-2">
            <span>{t('messages.loadError')}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void list.refetch()}>
              {t('messages.retry')}
            </Button>
          </Alert>
        ) : people.length === 0 && q === '' ? (
          <div className="p-3 text-center aura-muted" data-testid="no-conversations">
            <p>{t('messages.noConversations')}</p>
            <Link to="/discover" className="btn btn-sm btn-outline-primary">
              {t('messages.findCreators')}
            </Link>
          </div>
        ) : people.length === 0 ? (
          <p className="p-3 text-center aura-muted" data-testid="no-users">
            {t('messages.noUsersFound')}
          </p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="chat-users">
            {people.map((person) => (
              <li key={person.id}>
                <ChatUserRow person={person} isSelected={person.id === selectedId} />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="text-center p-2">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('messages.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}

function ChatUserRow({ person, isSelected }: { person: ChatUser; isSelected: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const preview = person.lastMessage;
  const isMine = preview?.sender === user?.id;
  return (
    <Link
      to={`/messages/${person.id}`}
      className={`aura-chat-user d-flex gap-2 align-items-center p-2 text-reset text-decoration-none${isSelected ? ' is-selected' : ''}`}
      aria-current={isSelected ? 'page' : undefined}
      data-testid="chat-user"
    >
      <Avatar src={person.avatar} name={person.name} size={40} className="flex-shrink-0" />
      <span className="d-flex flex-column flex-grow-1 overflow-hidden">
        <span className="fw-semibold text-truncate">{person.name}</span>
        <span className="small aura-muted text-truncate">
          {preview
            ? `${isMine ? `${t('messages.you')}: ` : ''}${preview.text}`
            : `@${person.username}`}
        </span>
      </span>
      {person.unread > 0 && (
        <Badge bg="primary" pill data-testid="chat-user-unread">
          <span aria-hidden="true">{person.unread}</span>
          <span className="visually-hidden">{t('messages.unread', { count: person.unread })}</span>
        </Badge>
      )}
    </Link>
  );
}
