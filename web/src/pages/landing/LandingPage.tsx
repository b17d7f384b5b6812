import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center">
      <h1>{t('landing.title')}</h1>
      <p className="lead">{t('landing.subtitle')}</p>
      <Link className="btn btn-primary btn-lg" to="/auth">
        {t('landing.getStarted')}
      </Link>
    </main>
  );
}
