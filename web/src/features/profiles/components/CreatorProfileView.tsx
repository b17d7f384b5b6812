import { useTranslation } from 'react-i18next';
import { PROMO_VIDEO_MAX_HEIGHT_PX } from '../../../../../common/rules/creator-profile';
import type { CreatorProfileResponse } from '../../../../../common/schemas/creator-profile';
import { PromoVideo } from './PromoVideo';
import { ContentTiles } from './ContentTiles';
import { CreatorGallery } from './CreatorGallery';
import { CreatorHero } from './CreatorHero';
import { CreatorWorld } from './CreatorWorld';
import { PostCounters } from './PostCounters';
import { TipsList } from '../../tips/components/TipsList';

/**
 * SPEC §2 "Creator profile view": banner, picture, name, status, bio, links and facts; the
 * three counters; follow, subscribe and edit; the promo video; the gallery; CreatorWorld with
 * its aura cards; the creator's items.
 */
export function CreatorProfileView({ profile }: { profile: CreatorProfileResponse }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column gap-4" data-testid="creator-profile">
      <CreatorHero profile={profile} />
      <PostCounters profile={profile} />
      {profile.promoVideo && (
        <section aria-labelledby="creator-promo-title" data-testid="promo-video">
          <h2 id="creator-promo-title" className="h5 mb-3">
            {t('creatorProfile.promoVideo')}
          </h2>
          <PromoVideo
            value={profile.promoVideo}
            title={t('creatorProfile.promoTitle', { name: profile.name })}
            height={PROMO_VIDEO_MAX_HEIGHT_PX}
          />
        </section>
      )}
      {profile.galleryImages.length > 0 && (
        <CreatorGallery images={profile.galleryImages} name={profile.name} />
      )}
      <CreatorWorld description={profile.creatorWorldDescription} cards={profile.auraCards} />
      <TipsList username={profile.username} />
      <ContentTiles items={profile.items} />
    </div>
  );
}
