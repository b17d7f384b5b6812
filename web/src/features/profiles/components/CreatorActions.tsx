import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PROFILE_SUBSCRIPTION_TIER } from '../../../../../common/rules/creator-profile';
import type { CreatorProfileResponse } from '../../../../../common/schemas/creator-profile';
import { useAuth } from '../../../app/auth';
import type { CheckoutState } from '../../billing/components/checkout-state';
import { formatMoney } from '../../../../../common/rules/money';
import { FollowButton } from './FollowButton';
import { MessageButton } from '../../messages/components/MessageButton';
import { SignUpToFollow } from './SignUpToFollow';
import { TipButton } from '../../tips/components/TipButton';
import { GiftButton } from '../../gifts/components/GiftButton';

/**
 * Follow, subscribe (or the 'subscribed' badge), edit and message: each shown only when the
 * server's `abilities` say the viewer may (the edit button to the owner only, a deviation from
 * SPEC §2).
 */
export function CreatorActions({ profile }: { profile: CreatorProfileResponse }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { abilities } = profile;
  return (
    <div className="d-flex flex-wrap align-items-start gap-2 pb-2">
      {abilities.canFollow && (
        <FollowButton username={profile.username} isFollowing={profile.isFollowing} />
      )}
      {profile.isSubscribed ? (
        <Badge bg="success" className="align-self-center" data-testid="subscribed-badge">
          {t('profile.subscribed', { tier: profile.subscribedTier })}
        </Badge>
      ) : (
        abilities.canSubscribe && <SubscribeButton profile={profile} />
      )}
      {abilities.canEdit && (
        <Link
          to="/creator/settings"
          className="btn btn-outline-secondary"
          data-testid="edit-profile"
        >
          {t('creatorProfile.editProfile')}
        </Link>
      )}
      {abilities.canMessage && <MessageButton personId={profile.id} />}
      {user && user.id !== profile.id && (
        <TipButton creatorId={profile.id} creatorName={profile.name} />
      )}
      {/* Issue 43: months of a tier as a gift, for someone else. */}
      {user && user.id !== profile.id && abilities.canSubscribe && (
        <GiftButton
          target={{ kind: 'membership', creatorId: profile.id, creatorName: profile.name }}
        />
      )}
      {!user && <SignUpToFollow />}
    </div>
  );
}

/** SPEC §2/§4: subscribe goes to /checkout with the tier state (the server charges its own price). */
function SubscribeButton({ profile }: { profile: CreatorProfileResponse }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const priceCents = profile.subscriptionPriceCents;
  if (priceCents === null) return null;
  const displayPrice = t('tiers.perMonth', {
    price: formatMoney(priceCents, profile.subscriptionCurrency, i18n.language),
  });
  const subscribe = () => {
    const state: CheckoutState = {
      productId: profile.id,
      creatorId: profile.id,
      tier: PROFILE_SUBSCRIPTION_TIER,
      price: { cents: priceCents, currency: profile.subscriptionCurrency },
      isMonthly: true,
      userName: profile.name,
      userImage: profile.profileImage,
      imageUrl: profile.bannerImage ?? profile.profileImage,
      description: t(`tiers.description.${PROFILE_SUBSCRIPTION_TIER}`),
    };
    void navigate('/checkout', { state });
  };
  return (
    <Button variant="success" onClick={subscribe} data-testid="subscribe-button">
      {t('creatorProfile.subscribe', { price: displayPrice })}
    </Button>
  );
}
