import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './Layout';

// Routes are split so a visitor of the landing page does not download the rest of the app.
const LandingPage = lazy(() => import('../pages/landing/LandingPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));
const HelpPage = lazy(() => import('../pages/help/HelpPage'));
const FeaturesPage = lazy(() => import('../pages/features/FeaturesPage'));
const PrivacyPolicyPage = lazy(() => import('../pages/legal/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('../pages/legal/TermsOfServicePage'));
const ImprintPage = lazy(() => import('../pages/legal/ImprintPage'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/help', element: <HelpPage /> },
      { path: '/features', element: <FeaturesPage /> },
      // The signup form links the short paths (SPEC §2); both show the same pages.
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/privacy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/terms', element: <TermsOfServicePage /> },
      { path: '/imprint', element: <ImprintPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
