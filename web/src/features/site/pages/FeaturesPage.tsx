import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FEATURES = ['interface', 'signup', 'dashboard', 'security', 'updates', 'mobile'] as const;

/** SPEC §2 /features: six cards. */
export default function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <main className="container py-5">
      <h1>{t('features.title')}</h1>
      <p className="lead">{t('features.intro')}</p>
      <ul className="list-unstyled row g-4 mt-2">
        {FEATURES.map((id) => (
          <li key={id} className="col-md-6 col-lg-4">
            <article className="card h-100" data-testid="feature-card">
              <div className="card-body">
                <h2 className="h5">{t(`features.cards.${id}.title`)}</h2>
                <p className="mb-0">{t(`features.cards.${id}.text`)}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className="text-center mt-5">
        <Link className="btn btn-primary btn-lg" to="/auth?tab=signup">
          {t('features.cta')}
        </Link>
      </div>
    </main>
  );
}
