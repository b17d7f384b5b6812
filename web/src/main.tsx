import './styles/bootstrap.scss';
import './app/i18n';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { takeOverWhenReady } from './app/take-over';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const container = takeOverWhenReady(root);
const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Suspense>
  </StrictMode>
);
const reactRoot = createRoot(container);
// Behind a page the server rendered, the app renders hidden while the visitor already reads and
// scrolls: as a transition, in slices that leave the main thread free between them.
if (container === root) reactRoot.render(app);
else startTransition(() => reactRoot.render(app));
