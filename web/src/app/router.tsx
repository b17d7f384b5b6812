import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { rolesWith } from '../../../common/rules/permissions';
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
const ProductPage = lazy(() => import('../pages/product/ProductPage'));
// Follows and memberships
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
// AI studio (issue 13)
const StudioPage = lazy(() => import('../pages/studio/StudioPage'));
// Control Hub and payout settings (issue 15)
const MasterAxisPage = lazy(() => import('../pages/masteraxis/MasterAxisPage'));
const PayoutSettingsPage = lazy(() => import('../pages/wallet/PayoutSettingsPage'));

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
      // AI studio (issue 13): every signed-in user (SPEC §6)
      {
        path: '/studio',
        element: (
          <ProtectedRoute>
            <StudioPage />
          </ProtectedRoute>
        ),
      },
      // Control Hub (issue 15): admin, agency, studio and superadmin (SPEC §6); others go to /dashboard
      {
        path: '/masteraxis',
        element: (
          <ProtectedRoute roles={rolesWith('hub.read')}>
            <MasterAxisPage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/wallet/payouts',
        element: (
          <ProtectedRoute>
            <PayoutSettingsPage />
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
