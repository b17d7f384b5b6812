import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSpotlight } from '../api/feed';
import { SpotlightSlider } from './SpotlightSlider';

/** SPEC §2: the six spotlight creators above the feed. */
export function SpotlightSection() {
  const { t } = useTranslation();
  const spotlight = useSpotlight();
  return (
    // Not a landmark itself: the slider below is the region named after the spotlight.
    <section className="mb-4">
      <h2 className="h5">{t('discover.spotlight')}</h2>
      <p className="small text-muted">{t('discover.spotlightHint')}</p>
      {spotlight.isPending ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : spotlight.isError ? (
        <Alert variant="warning">{t('discover.spotlightError')}</Alert>
      ) : (
        <SpotlightSlider
          creators={spotlight.data.creators.map((creator) => ({
            id: creator.id,
            name: creator.name,
            imageUrl: creator.avatarUrl,
            subtitle: t('discover.spotlightItems', { value: creator.itemCount }),
          }))}
        />
      )}
    </section>
  );
}
