import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §2 /cancel: a message and a button back to discover. */
export default function CancelPage() {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center" style={{ maxWidth: 640 }}>
      <h1 className="h3">{t('cancel.title')}</h1>
      <p className="aura-muted">{t('cancel.text')}</p>
      <Link to="/discover" className="btn btn-primary">
        {t('cancel.backToDiscover')}
      </Link>
    </main>
  );
}
