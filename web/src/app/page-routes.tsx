import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from './ProtectedRoute';

/*
 * Every page but the landing page (router.tsx). This table, with its lazy imports and their
 * preload lists, is a file of its own, so a visitor of the landing page does not download the
 * map of the rest of the app (e2e/landing-budget.spec.ts).
 */
const NotFoundPage = lazy(() => import('../features/site/pages/NotFoundPage'));
const HelpPage = lazy(() => import('../features/site/pages/HelpPage'));
const FeaturesPage = lazy(() => import('../features/site/pages/FeaturesPage'));
const PrivacyPolicyPage = lazy(() => import('../features/site/pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('../features/site/pages/TermsOfServicePage'));
const ImprintPage = lazy(() => import('../features/site/pages/ImprintPage'));
// Accounts (issue 3)
const AuthPage = lazy(() => import('../features/auth/pages/AuthPage'));
const GoogleCallbackPage = lazy(() => import('../features/auth/pages/GoogleCallbackPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const VerifyEmailPage = lazy(() => import('../features/mail/pages/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('../features/mail/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/mail/pages/ResetPasswordPage'));
const UnsubscribePage = lazy(() => import('../features/mail/pages/UnsubscribePage'));
const NotMePage = lazy(() => import('../features/mail/pages/NotMePage'));
// Payments (issue 5)
const CheckoutPage = lazy(() => import('../features/billing/pages/CheckoutPage'));
const SuccessPage = lazy(() => import('../features/billing/pages/SuccessPage'));
const CancelPage = lazy(() => import('../features/billing/pages/CancelPage'));
const PayPage = lazy(() => import('../features/billing/pages/PayPage'));
const WalletPage = lazy(() => import('../features/billing/pages/WalletPage'));
// Gifts (issue 43)
const RedeemGiftPage = lazy(() => import('../features/gifts/pages/RedeemGiftPage'));
// Content (issue 4)
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const ItemStatsPage = lazy(() => import('../features/dashboard/pages/ItemStatsPage'));
const DiscoverPage = lazy(() => import('../features/feed/pages/DiscoverPage'));
const UploadPage = lazy(() => import('../features/items/pages/UploadPage'));
const EditItemPage = lazy(() => import('../features/items/pages/EditItemPage'));
const ProductPage = lazy(() => import('../features/items/pages/ProductPage'));
// AI studio (issue 13)
const StudioPage = lazy(() => import('../features/ai/pages/StudioPage'));
// Creator profiles, creator settings and account settings (issue 12)
const CreatorProfilePage = lazy(() => import('../features/profiles/pages/CreatorProfilePage'));
const CreatorSettingsPage = lazy(() => import('../features/profiles/pages/CreatorSettingsPage'));
const AccountSettingsPage = lazy(() => import('../features/users/pages/AccountSettingsPage'));
// Role-gated pages load their gate (and the permission table) with them.
const RoleGate = lazy(() => import('./RoleGate'));
// Admin area (issue 14)
const AdminLayout = lazy(() => import('../features/admin/pages/AdminLayout'));
const AdminDashboardPage = lazy(() => import('../features/admin/pages/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('../features/admin/pages/AdminUsersPage'));
const AdminContentPage = lazy(() => import('../features/admin/pages/AdminContentPage'));
const AdminReportsPage = lazy(() => import('../features/admin/pages/AdminReportsPage'));
const AdminSalesPage = lazy(() => import('../features/admin/pages/AdminSalesPage'));
const AdminAuditPage = lazy(() => import('../features/admin/pages/AdminAuditPage'));
const AdminOutboxPage = lazy(() => import('../features/admin/pages/AdminOutboxPage'));
const AdminTransactionsPage = lazy(
  () => import('../features/transactions/pages/AdminTransactionsPage'),
);
// Control Hub and payout settings (issue 15)
const HubPage = lazy(() => import('../features/hub/pages/HubPage'));
const PayoutSettingsPage = lazy(() => import('../features/payouts/pages/PayoutSettingsPage'));
// Direct messages (issue 11)
const MessagesPage = lazy(() => import('../features/messages/pages/MessagesPage'));

const routes: RouteObject[] = [
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
  // E-mail links (issue 16): they work signed in or not.
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/unsubscribe', element: <UnsubscribePage /> },
  { path: '/not-me', element: <NotMePage /> },
  { path: '/login', element: <Navigate to="/auth?tab=login" replace /> },
  // Payments (issue 5): not protected, inside the layout (SPEC §2)
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/success', element: <SuccessPage /> },
  { path: '/cancel', element: <CancelPage /> },
  { path: '/pay/:sessionId', element: <PayPage /> },
  // A gift mail's link (issue 43): public; redeeming asks to sign in first.
  { path: '/gifts/:code', element: <RedeemGiftPage /> },
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
    path: '/dashboard/items/:itemId',
    element: (
      <ProtectedRoute>
        <ItemStatsPage />
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
      <RoleGate permission="hub.read">
        <HubPage />
      </RoleGate>
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
  // Creator profiles (issue 12): one's own and the editor need sign-in; anyone's is public.
  {
    path: '/creator',
    element: (
      <ProtectedRoute>
        <CreatorProfilePage />
      </ProtectedRoute>
    ),
  },
  {
    path: '/creator/settings',
    element: (
      <ProtectedRoute>
        <CreatorSettingsPage />
      </ProtectedRoute>
    ),
  },
  { path: '/creator/:username', element: <CreatorProfilePage /> },
  {
    path: '/account',
    element: (
      <ProtectedRoute>
        <AccountSettingsPage />
      </ProtectedRoute>
    ),
  },
  // Admin area (issue 14): the roles that hold each page's permission; the server checks again.
  {
    path: '/admin',
    element: (
      <RoleGate permission="admin.users.read">
        <AdminLayout />
      </RoleGate>
    ),
    children: [
      { index: true, element: <AdminDashboardPage /> },
      { path: 'users', element: <AdminUsersPage /> },
      { path: 'content', element: <AdminContentPage /> },
      { path: 'reports', element: <AdminReportsPage /> },
      {
        path: 'sales',
        element: (
          <RoleGate permission="admin.sales.read">
            <AdminSalesPage />
          </RoleGate>
        ),
      },
      {
        path: 'transactions',
        element: (
          <RoleGate permission="admin.sales.read">
            <AdminTransactionsPage />
          </RoleGate>
        ),
      },
      {
        path: 'audit',
        element: (
          <RoleGate permission="admin.audit.read">
            <AdminAuditPage />
          </RoleGate>
        ),
      },
      {
        path: 'outbox',
        element: (
          <RoleGate permission="admin.outbox.read">
            <AdminOutboxPage />
          </RoleGate>
        ),
      },
    ],
  },
  // Direct messages (issue 11): the list alone, or a conversation beside it.
  {
    path: '/messages/:userId?',
    element: (
      <ProtectedRoute>
        <MessagesPage />
      </ProtectedRoute>
    ),
  },
  { path: '/product/:productId', element: <ProductPage /> },
  // SPEC §2: no productId sends the visitor home.
  { path: '/product', element: <ProductPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export default function PageRoutes() {
  return useRoutes(routes);
}
