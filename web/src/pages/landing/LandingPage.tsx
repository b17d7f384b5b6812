import './landing.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One logo per tier (SPEC §1), rotating every 3000 ms (SPEC §9). */
const LOGOS = [
  { src: '/logo-aura.svg', key: 'aura' },
  { src: '/logo-hypr.svg', key: 'hypr' },
  { src: '/logo-hyprsoul.svg', key: 'hyprsoul' },
] as const;
const ROTATION_MS = 3000;

export default function LandingPage() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOGOS.length), ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  const logo = LOGOS[index] ?? LOGOS[0];
  return (
    <main className="container py-5 text-center aura-landing">
      <div className="aura-landing-logo-frame mx-auto mb-4">
        <img
          key={logo.src}
          src={logo.src}
          alt={t(`landing.logos.${logo.key}`)}
          width="168"
          height="168"
          className="aura-landing-logo"
          data-testid="landing-logo"
        />
      </div>
      <h1 className="display-5 fw-bold">{t('landing.title')}</h1>
      <p className="lead mx-auto aura-landing-subtitle">{t('landing.subtitle')}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center mt-4">
        <Link className="btn btn-primary btn-lg" to="/auth">
          {t('landing.getStarted')}
        </Link>
        <Link className="btn btn-outline-secondary btn-lg" to="/features">
          {t('landing.seeFeatures')}
        </Link>
      </div>
      <ul className="list-unstyled row g-3 mt-5 text-start">
        {(['memberships', 'drops', 'ownership'] as const).map((point) => (
          <li key={point} className="col-md-4">
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h5">{t(`landing.points.${point}.title`)}</h2>
                <p className="mb-0 aura-muted">{t(`landing.points.${point}.text`)}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
