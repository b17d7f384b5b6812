import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { roleHolds } from '../../../../../common/rules/permissions';
import type { PublicProfileResponse } from '../../../../../common/schemas/users';
import { useAuth } from '../../../app/auth';
import { TierBadge } from '../../billing/components/TierBadge';
import { Avatar } from '../../items/components/Avatar';
import { SignUpToFollow } from './SignUpToFollow';
import { MessageButton } from '../../messages/components/MessageButton';
import { FollowButton } from './FollowButton';
import { SocialLinks } from './SocialLinks';

/**
 * SPEC §2 tier-based profile layout, top part: avatar, tier badge, names, bio, follower count,
 * social links, the Follow button and, for a member, the 'subscribed' badge (SPEC §4).
 */
export function ProfileHeader({ profile }: { profile: PublicProfileResponse }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { abilities } = profile;

  return (
    <section
      className="card shadow-sm overflow-hidden aura-creator-header"
      aria-labelledby="profile-name"
    >
      {/* The banner is decoration: the heading and the avatar's name say whose page this is. */}
      <div className="aura-creator-banner" data-testid="profile-banner">
        {profile.banner && <img src={profile.banner} alt="" decoding="async" />}
      </div>
      <div className="card-body d-flex flex-column flex-sm-row gap-3 gap-sm-4 pt-0">
        <Avatar
          src={profile.avatar}
          name={profile.fullName}
          size={128}
          className="flex-shrink-0 aura-creator-avatar"
        />
        <div className="d-flex flex-column gap-2 flex-grow-1 pt-sm-3 min-w-0">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <h1 id="profile-name" className="h2 fw-bold mb-0">
              {profile.fullName}
            </h1>
            {/* Issue 10: a creator sells memberships; their own tier (Aura, grey) said the opposite. */}
            {roleHolds(profile.role, 'membership.offer') ? (
              <Badge bg="success" data-testid="creator-badge">
                {t('profile.creatorBadge')}
              </Badge>
            ) : (
              <TierBadge tier={profile.tier} />
            )}
            {profile.isSubscribed && (
              <Badge bg="success" data-testid="subscribed-badge">
                {t('profile.subscribed', { tier: profile.subscribedTier })}
              </Badge>
            )}
          </div>
          <div className="aura-muted">@{profile.username}</div>
          <div className="d-flex flex-wrap gap-4">
            <span>
              <span className="fw-bold fs-5" data-testid="follower-count">
                {profile.followers}
              </span>{' '}
              <span className="aura-muted">
                {t('profile.followers', { count: profile.followers })}
              </span>
            </span>
            <span>
              <span className="fw-bold fs-5">{profile.content.length}</span>{' '}
              <span className="aura-muted">
                {t('profile.itemCount', { count: profile.content.length })}
              </span>
            </span>
          </div>
          {profile.bio && (
            <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
              {profile.bio}
            </p>
          )}
          <SocialLinks links={profile.socialLinks} />
        </div>
        {abilities.canFollow && (
          <div className="pt-sm-3 flex-shrink-0">
            <FollowButton username={profile.username} isFollowing={profile.isFollowing} />
          </div>
        )}
        {!user && (
          <div className="pt-sm-3 flex-shrink-0">
            <SignUpToFollow />
          </div>
        )}
        {abilities.canMessage && (
          <div className="pt-sm-3 flex-shrink-0">
            <MessageButton personId={profile.id} />
          </div>
        )}
      </div>
    </section>
  );
}
