import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './Layout';
import { ProtectedRoute } from './ProtectedRoute';

// Routes are split so a visitor of the landing page does not download the rest of the app.
const LandingPage = lazy(() => import('../pages/landing/LandingPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));
const HelpPage = lazy(() => import('../pages/help/HelpPage'));
const FeaturesPage = lazy(() => import('../pages/features/FeaturesPage'));
const PrivacyPolicyPage = lazy(() => import('../pages/legal/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('../pages/legal/TermsOfServicePage'));
const ImprintPage = lazy(() => import('../pages/legal/ImprintPage'));
// Accounts (issue 3)
const AuthPage = lazy(() => import('../pages/auth/AuthPage'));
const GoogleCallbackPage = lazy(() => import('../pages/auth/GoogleCallbackPage'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
// Payments (issue 5)
const CheckoutPage = lazy(() => import('../pages/checkout/CheckoutPage'));
const SuccessPage = lazy(() => import('../pages/success/SuccessPage'));
const CancelPage = lazy(() => import('../pages/cancel/CancelPage'));
const PayPage = lazy(() => import('../pages/pay/PayPage'));
const WalletPage = lazy(() => import('../pages/wallet/WalletPage'));
// Content (issue 4)
const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage'));
const DiscoverPage = lazy(() => import('../pages/discover/DiscoverPage'));
const UploadPage = lazy(() => import('../pages/upload/UploadPage'));
const EditItemPage = lazy(() => import('../pages/upload/EditItemPage'));
const ProductPage = lazy(() => import('../pages/product/ProductPage'));
// Follows and memberships
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));

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
      // Accounts (issue 3): /login is linked by SPEC §2 and shows the login tab of /auth.
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <Navigate to="/auth?tab=login" replace /> },
      // Payments (issue 5): not protected, inside the layout (SPEC §2)
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/success', element: <SuccessPage /> },
      { path: '/cancel', element: <CancelPage /> },
      { path: '/pay/:sessionId', element: <PayPage /> },
      {
        path: '/wallet',
        element: (
          <ProtectedRoute>
            <WalletPage />
          </ProtectedRoute>
        ),
      },
      // Content (issue 4): the product page is public, the rest needs sign-in (SPEC §2)
      {
        path: '/dashboard',
        element: (
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/discover',
        element: (
          <ProtectedRoute>
            <DiscoverPage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/upload',
        element: (
          <ProtectedRoute>
            <UploadPage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/upload/edit/:itemId',
        element: (
          <ProtectedRoute>
            <EditItemPage />
          </ProtectedRoute>
        ),
      },
      { path: '/product/:productId', element: <ProductPage /> },
      // SPEC §2: no productId sends the visitor home.
      { path: '/product', element: <ProductPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // SPEC §2: the profile of another user by id has no shared layout; it needs sign-in.
  {
    path: '/hypr/:id',
    element: (
      <ProtectedRoute>
        <ProfilePage />
      </ProtectedRoute>
    ),
  },
]);
