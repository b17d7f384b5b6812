import './styles/bootstrap.scss';
import './app/i18n';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { takeOverWhenReady } from './app/take-over';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(takeOverWhenReady(root)).render(
  <StrictMode>
    <Suspense fallback={null}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Suspense>
  </StrictMode>,
);
