import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatorProfileResponse } from '../../../../../common/schemas/creator-profile';

// recharts loads with the chart only, after the numbers are already on screen.
const PostMixChart = lazy(() => import('./PostMixChart'));

/**
 * SPEC §2 counters for free posts, paid posts and premium content (docs/deviations.md defines them), as
 * numbers and side by side as a chart.
 */
export function PostCounters({ profile }: { profile: CreatorProfileResponse }) {
  const { t } = useTranslation();
  const counters = [
    { id: 'free-posts', label: t('creatorProfile.counters.free'), value: profile.freePostsCount },
    { id: 'paid-posts', label: t('creatorProfile.counters.paid'), value: profile.paidPostsCount },
    {
      id: 'premium-content',
      label: t('creatorProfile.counters.premium'),
      value: profile.premiumContentCount,
    },
  ];
  const hasAny = counters.some((c) => c.value > 0);
  return (
    <section className="card shadow-sm" aria-labelledby="creator-counters-title">
      <div className="card-body">
        <h2 id="creator-counters-title" className="h5 mb-3">
          {t('creatorProfile.counters.title')}
        </h2>
        <dl className="row row-cols-3 g-2 text-center mb-0" data-testid="post-counters">
          {counters.map((c) => (
            <div key={c.id} className="col">
              <dd className="h3 mb-0" data-testid={c.id}>
                {c.value}
              </dd>
              <dt className="small aura-muted fw-normal">{c.label}</dt>
            </div>
          ))}
        </dl>
        {hasAny && (
          <Suspense fallback={null}>
            <PostMixChart
              data={counters.map((c) => ({ name: c.label, value: c.value }))}
              label={t('creatorProfile.counters.chartLabel')}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}
