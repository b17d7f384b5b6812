import '../components/landing.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShowcase } from '../api/showcase';
import { LandingShowcase } from '../components/LandingShowcase';
import { LandingTiers } from '../components/LandingTiers';

/** One logo per tier (SPEC §1), rotating every 3000 ms (SPEC §9). */
const LOGOS = [
  { src: '/logo-aura.svg', key: 'aura' },
  { src: '/logo-hypr.svg', key: 'hypr' },
  { src: '/logo-hyprsoul.svg', key: 'hyprsoul' },
] as const;
const ROTATION_MS = 3000;

/**
 * SPEC §2 landing page: the rotating logo, welcome title, subtitle and get-started button,
 * then what Aura is for (issue 10): real creators and items from this server, the tiers and a
 * closing call to action.
 */
export default function LandingPage() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const showcase = useShowcase();

  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOGOS.length), ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  const logo = LOGOS[index] ?? LOGOS[0];
  return (
    <main className="aura-landing">
      <section className="aura-hero">
        <div className="container py-5 d-flex flex-column flex-md-row align-items-center gap-4">
          <div className="flex-grow-1 text-center text-md-start">
            <p className="aura-eyebrow mb-2">{t('landing.eyebrow')}</p>
            <h1 className="display-4 fw-bold">{t('landing.title')}</h1>
            <p className="lead aura-landing-subtitle mx-auto mx-md-0">{t('landing.subtitle')}</p>
            <div className="d-flex flex-wrap gap-2 justify-content-center justify-content-md-start mt-4">
              <Link className="btn btn-primary btn-lg" to="/auth?tab=signup">
                {t('landing.getStarted')}
              </Link>
              <Link className="btn btn-outline-secondary btn-lg" to="/features">
                {t('landing.seeFeatures')}
              </Link>
            </div>
          </div>
          <div className="aura-landing-logo-frame flex-shrink-0">
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
        </div>
      </section>
      <LandingShowcase state={showcase} />
      <LandingTiers />
      <section className="container my-5">
        <ul className="list-unstyled row g-3 mb-0">
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
      </section>
      <section className="container mb-5" aria-labelledby="landing-cta-title">
        <div className="aura-cta rounded-4 p-4 p-md-5 text-center">
          <h2 id="landing-cta-title" className="h3 fw-bold">
            {t('landing.cta.title')}
          </h2>
          <p className="mb-4">{t('landing.cta.text')}</p>
          <Link className="btn btn-light btn-lg fw-semibold" to="/auth?tab=signup">
            {t('landing.cta.button')}
          </Link>
        </div>
      </section>
    </main>
  );
}
