import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
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
