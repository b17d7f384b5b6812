import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../../app/auth';
import { useChatPanel } from '../shell/chat-panel-state';
import { forgetConversation } from './conversation-store';

// The panel's code loads when the header's chat toggle is first pressed, keeping it out of the
// landing page's JavaScript.
const AssistantPanel = lazy(() => import('./AssistantPanel'));

/** SPEC §2: the AI chat panel of every signed-in page, mounted once it was first opened. */
export function AssistantMount() {
  const { user } = useAuth();
  const chat = useChatPanel();
  const [hasOpened, setHasOpened] = useState(false);
  if (chat.isOpen && user && !hasOpened) setHasOpened(true);

  const { close } = chat;
  useEffect(() => {
    if (user) return;
    close();
    forgetConversation();
  }, [user, close]);

  if (!user || !hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <AssistantPanel ownerId={user.id} />
    </Suspense>
  );
}
