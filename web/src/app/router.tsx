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
// Payments (issue 5)
const CheckoutPage = lazy(() => import('../pages/checkout/CheckoutPage'));
const SuccessPage = lazy(() => import('../pages/success/SuccessPage'));
const CancelPage = lazy(() => import('../pages/cancel/CancelPage'));
const PayPage = lazy(() => import('../pages/pay/PayPage'));
const WalletPage = lazy(() => import('../pages/wallet/WalletPage'));

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
      // Payments (issue 5): not protected, inside the layout (SPEC §2)
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/success', element: <SuccessPage /> },
      { path: '/cancel', element: <CancelPage /> },
      { path: '/pay/:sessionId', element: <PayPage /> },
      { path: '/wallet', element: <WalletPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
