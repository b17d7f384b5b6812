import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './Layout';

// Routes are split so a visitor of the landing page does not download the rest of the app.
const LandingPage = lazy(() => import('../pages/landing/LandingPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
