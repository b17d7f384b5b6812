import { useTranslation } from 'react-i18next';
import { BANNER_HEIGHT_PX } from '../../../../../common/rules/creator-profile';
import type { CreatorProfileResponse } from '../../../../../common/schemas/creator-profile';
import { formatMoney } from '../../../../../common/rules/money';
import { formatDate } from '../../billing/components/format-date';
import { Avatar } from '../../items/components/Avatar';
import { ExternalLinks } from './ExternalLinks';
import { CreatorActions } from './CreatorActions';

/**
 * The top of the creator profile: the banner (SPEC §9: 360 px), the picture at the creator's
 * chosen size (160 px by default), name, aura status, username, bio, links, the facts and the
 * actions. Every text is rendered as text: markup someone saved stays inert.
 */
export function CreatorHero({ profile }: { profile: CreatorProfileResponse }) {
  const { t, i18n } = useTranslation();
  const overlap = Math.round(profile.profileSize / 2);
  const price =
    profile.subscriptionPriceCents === null
      ? null
      : t('tiers.perMonth', {
          price: formatMoney(
            profile.subscriptionPriceCents,
            profile.subscriptionCurrency,
            i18n.language,
          ),
        });

  return (
    <section className="card shadow-sm overflow-hidden" aria-labelledby="creator-name">
      <div
        className="bg-secondary-subtle"
        style={{ height: BANNER_HEIGHT_PX }}
        data-testid="creator-banner"
      >
        {profile.bannerImage && (
          <img
            src={profile.bannerImage}
            alt={t('creatorProfile.bannerAlt', { name: profile.name })}
            className="w-100 h-100"
            style={{ objectFit: 'cover' }}
            draggable={false}
          />
        )}
      </div>
      <div className="card-body pt-0">
        <div className="d-flex flex-wrap align-items-end gap-3" style={{ marginTop: -overlap }}>
          <Avatar
            src={profile.profileImage}
            name={profile.name}
            size={profile.profileSize}
            className="border border-4 border-body flex-shrink-0"
          />
          <div className="d-flex flex-column gap-1 pb-2 flex-grow-1" style={{ minWidth: 200 }}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <h1 id="creator-name" className="h3 mb-0" data-testid="creator-name">
                {profile.name}
              </h1>
              {profile.auraStatus && (
                <span
                  className="badge text-bg-info text-wrap text-start"
                  data-testid="creator-status"
                >
                  {profile.auraStatus}
                </span>
              )}
            </div>
            <div className="aura-muted">@{profile.username}</div>
          </div>
          <CreatorActions profile={profile} />
        </div>
        {profile.bio && (
          <p className="mt-3 mb-2" style={{ whiteSpace: 'pre-line' }} data-testid="creator-bio">
            {profile.bio}
          </p>
        )}
        <ExternalLinks links={profile.links} />
        <dl
          className="row row-cols-2 row-cols-md-5 g-2 mt-2 mb-0 small"
          data-testid="creator-facts"
        >
          <Fact label={t('creatorProfile.facts.followers')}>
            <span data-testid="follower-count">{profile.followersCount}</span>
          </Fact>
          <Fact label={t('creatorProfile.facts.visitors')}>
            <span data-testid="visitor-count">{profile.visitorCount}</span>
          </Fact>
          <Fact label={t('creatorProfile.facts.joined')}>
            {formatDate(profile.joinedAt, i18n.language)}
          </Fact>
          <Fact label={t('creatorProfile.facts.lastOnline')}>
            {profile.lastOnline
              ? formatDate(profile.lastOnline, i18n.language)
              : t('creatorProfile.facts.never')}
          </Fact>
          {price && (
            <Fact label={t('creatorProfile.facts.price')}>
              <span data-testid="subscription-price">{price}</span>
            </Fact>
          )}
        </dl>
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="col">
      <dt className="aura-muted fw-normal">{label}</dt>
      <dd className="fw-semibold mb-0">{children}</dd>
    </div>
  );
}
