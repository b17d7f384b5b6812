import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center">
      <p className="display-1 fw-bold aura-muted mb-0" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="aura-muted">{t('notFound.text')}</p>
      <div className="d-flex gap-2 justify-content-center">
        <Link className="btn btn-primary" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="btn btn-outline-secondary" to="/help">
          {t('notFound.help')}
        </Link>
      </div>
    </main>
  );
}
