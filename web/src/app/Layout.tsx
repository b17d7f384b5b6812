import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <div className="flex-grow-1">
        <Suspense fallback={<p className="container py-5">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
