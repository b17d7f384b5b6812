import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { WithQueries } from './WithQueries';
import { Layout } from './Layout';

// Routes are split so a visitor of the landing page does not download the rest of the app.
const loadLandingPage = () => import('../features/site/pages/LandingPage');
const LandingPage = lazy(loadLandingPage);
// The table of every other page (page-routes.tsx) loads on the first path that is not '/'.
const loadPageRoutes = () => import('./page-routes');
const PageRoutes = lazy(loadPageRoutes);
// A visitor gets the code of the page opened beside the translations, not after them.
if (window.location.pathname === '/') void loadLandingPage();
else void loadPageRoutes();
const ProfilePage = lazy(() => import('../features/profiles/pages/ProfilePage'));

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <PageRoutes /> },
    ],
  },
  // SPEC §2: the profile of another user by id has no shared layout. Readable signed out, as
  // /creator/{username} is: creators share these links (docs/deviations.md).
  {
    path: '/hypr/:id',
    element: (
      <WithQueries>
        <ProfilePage />
      </WithQueries>
    ),
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
