import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../app/auth';
import { WithQueries } from '../../../app/WithQueries';
import { useChatPanel } from '../../../app/shell/chat-panel-state';

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
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (user) {
      wasSignedIn.current = true;
      return;
    }
    close();
    if (!wasSignedIn.current) return;
    wasSignedIn.current = false;
    // Only after a sign-out: the conversation's code stays off a visitor's landing page.
    void import('./conversation-store').then((store) => store.forgetConversation());
  }, [user, close]);

  if (!user || !hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <WithQueries>
        <AssistantPanel ownerId={user.id} />
      </WithQueries>
    </Suspense>
  );
}
