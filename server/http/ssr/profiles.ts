import type { TFunction } from 'i18next';
import type { Language } from '../../../common/i18n';
import { formatMoney } from '../../../common/rules/money';
import { roleHolds } from '../../../common/rules/permissions';
import { withReturnTo } from '../../../common/rules/return-to';
import type { CreatorProfileResponse } from '../../../common/schemas/creator-profile';
import type { PublicProfileItem, PublicProfileResponse } from '../../../common/schemas/users';
import { avatar, LOCK_ICON, tierBadge, unlockHint } from './chrome';
import { html, type SafeHtml } from './html';

/*
 * A creator's pages for a signed-out visitor, as the web app draws them:
 * /creator/{username} (features/profiles/components/CreatorProfileView.tsx) and /hypr/{id}
 * (features/profiles/pages/ProfilePage.tsx). Following and subscribing need an account: the
 * page offers "Sign up to follow", which comes back here.
 */

const formatDate = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

function signUpToFollow(t: TFunction, pathname: string): SafeHtml {
  return html`<a
    href="${withReturnTo('/auth?tab=signup', pathname)}"
    class="btn btn-primary align-self-start"
    data-testid="sign-up-to-follow"
    >${t('creatorProfile.signUpToFollow')}</a
  >`;
}

/** A content tile; a locked one shows only the API's blurred preview and what unlocks it. */
function tile(t: TFunction, language: Language, item: PublicProfileItem): SafeHtml {
  const isLocked = !item.isUnlocked;
  const price = formatMoney(item.priceCents, item.currency, language);
  const picture = isLocked
    ? html`<div
        class="position-relative overflow-hidden bg-dark"
        style="aspect-ratio:4 / 3"
        data-testid="tile-locked"
      >
        ${item.thumbnail ? html`<img src="${item.thumbnail}" alt="${t('discover.lockedPreviewAlt', { title: item.title })}" class="w-100 h-100" style="filter:blur(16px);transform:scale(1.1);max-height:600px;object-fit:cover" loading="lazy" draggable="false" />` : ''}
        <div class="position-absolute top-50 start-50 translate-middle text-white text-center px-3">
          <span class="d-block mb-1">${LOCK_ICON}</span
          ><span class="fw-semibold">${t('discover.locked')}</span
          ><span class="d-block small">${unlockHint(t, price, item)}</span
          >${item.tierRequired !== 'Aura' ? html`<span class="d-block mt-1">${tierBadge(item.tierRequired)}</span>` : ''}
        </div>
      </div>`
    : html`<div class="position-relative overflow-hidden bg-dark" style="aspect-ratio:4 / 3">
        ${item.thumbnail ? html`<img src="${item.thumbnail}" alt="" class="w-100 h-100" style="object-fit:cover" loading="lazy" draggable="false" />` : ''}
      </div>`;
  return html`<li class="col">
    <a
      href="/product/${item.id}"
      class="card h-100 text-decoration-none overflow-hidden"
      data-testid="profile-tile"
      data-locked="${String(isLocked)}"
      >${picture}
      <div class="card-body py-2 d-flex align-items-center gap-2">
        <span class="fw-semibold text-truncate">${item.title}</span>
      </div></a
    >
  </li>`;
}

function tiles(t: TFunction, language: Language, items: PublicProfileItem[]): SafeHtml {
  const list =
    items.length === 0
      ? html`<p class="aura-muted">${t('profile.noContent')}</p>`
      : html`<ul class="row row-cols-2 row-cols-md-3 g-3 list-unstyled mb-0">
          ${items.map((item) => tile(t, language, item))}
        </ul>`;
  return html`<section aria-labelledby="profile-content-title">
    <h2 id="profile-content-title" class="h5 mb-3">${t('profile.content')}</h2>
    ${list}
  </section>`;
}

const fact = (label: string, value: SafeHtml | string) =>
  html`<div class="col">
    <dt class="aura-muted fw-normal">${label}</dt>
    <dd class="fw-semibold mb-0">${value}</dd>
  </div>`;

export function creatorPage(
  t: TFunction,
  language: Language,
  profile: CreatorProfileResponse,
  pathname: string,
): SafeHtml {
  const overlap = Math.round(profile.profileSize / 2);
  const price =
    profile.subscriptionPriceCents === null
      ? null
      : t('tiers.perMonth', {
          price: formatMoney(
            profile.subscriptionPriceCents,
            profile.subscriptionCurrency,
            language,
          ),
        });
  const banner = profile.bannerImage
    ? html`<img
        src="${profile.bannerImage}"
        alt="${t('creatorProfile.bannerAlt', { name: profile.name })}"
        class="w-100 h-100"
        style="object-fit:cover"
        draggable="false"
      />`
    : '';
  const hero = html`<section class="card shadow-sm overflow-hidden" aria-labelledby="creator-name">
    <div class="bg-secondary-subtle" style="height:360px" data-testid="creator-banner">
      ${banner}
    </div>
    <div class="card-body pt-0">
      <div class="d-flex flex-wrap align-items-end gap-3" style="margin-top:${-overlap}px">
        ${avatar(profile.profileImage, profile.name, profile.profileSize, 'border border-4 border-body flex-shrink-0')}
        <div class="d-flex flex-column gap-1 pb-2 flex-grow-1" style="min-width:200px">
          <div class="d-flex flex-wrap align-items-center gap-2">
            <h1 id="creator-name" class="h3 mb-0" data-testid="creator-name">${profile.name}</h1>
            ${profile.auraStatus ? html`<span class="badge text-bg-info text-wrap text-start" data-testid="creator-status">${profile.auraStatus}</span>` : ''}
          </div>
          <div class="aura-muted">@${profile.username}</div>
        </div>
        <div class="d-flex flex-wrap gap-2 pb-2">${signUpToFollow(t, pathname)}</div>
      </div>
      ${profile.bio ? html`<p class="mt-3 mb-2" style="white-space:pre-line" data-testid="creator-bio">${profile.bio}</p>` : ''}
      <dl class="row row-cols-2 row-cols-md-5 g-2 mt-2 mb-0 small" data-testid="creator-facts">
        ${fact(t('creatorProfile.facts.followers'), html`<span data-testid="follower-count">${profile.followersCount}</span>`)}${fact(t('creatorProfile.facts.visitors'), html`<span data-testid="visitor-count">${profile.visitorCount}</span>`)}${fact(t('creatorProfile.facts.joined'), formatDate(profile.joinedAt, language))}${fact(t('creatorProfile.facts.lastOnline'), profile.lastOnline ? formatDate(profile.lastOnline, language) : t('creatorProfile.facts.never'))}${price ? fact(t('creatorProfile.facts.price'), html`<span data-testid="subscription-price">${price}</span>`) : ''}
      </dl>
    </div>
  </section>`;
  return html`<main class="container py-4" style="max-width:1040px">
    <div class="d-flex flex-column gap-4" data-testid="creator-profile">
      ${hero}${tiles(t, language, profile.items)}
    </div>
  </main>`;
}

/** /hypr/{id}: outside the shared layout, with its own way out (ProfileTopBar). */
export function hyprPage(
  t: TFunction,
  language: Language,
  profile: PublicProfileResponse,
  pathname: string,
): SafeHtml {
  const badge = roleHolds(profile.role, 'membership.offer')
    ? html`<span class="badge bg-success" data-testid="creator-badge"
        >${t('profile.creatorBadge')}</span
      >`
    : tierBadge(profile.tier);
  const header = html`<section
    class="card shadow-sm overflow-hidden aura-creator-header"
    aria-labelledby="profile-name"
  >
    <div class="aura-creator-banner" data-testid="profile-banner">
      ${profile.banner ? html`<img src="${profile.banner}" alt="" decoding="async" />` : ''}
    </div>
    <div class="card-body d-flex flex-column flex-sm-row gap-3 gap-sm-4 pt-0">
      ${avatar(profile.avatar, profile.fullName, 128, 'flex-shrink-0 aura-creator-avatar')}
      <div class="d-flex flex-column gap-2 flex-grow-1 pt-sm-3 min-w-0">
        <div class="d-flex flex-wrap align-items-center gap-2">
          <h1 id="profile-name" class="h2 fw-bold mb-0">${profile.fullName}</h1>
          ${badge}
        </div>
        <div class="aura-muted">@${profile.username}</div>
        <div class="d-flex flex-wrap gap-4">
          <span
            ><span class="fw-bold fs-5" data-testid="follower-count">${profile.followers}</span>
            <span class="aura-muted"
              >${t('profile.followers', { count: profile.followers })}</span
            ></span
          ><span
            ><span class="fw-bold fs-5">${profile.content.length}</span>
            <span class="aura-muted"
              >${t('profile.itemCount', { count: profile.content.length })}</span
            ></span
          >
        </div>
        ${profile.bio ? html`<p class="mb-0" style="white-space:pre-line">${profile.bio}</p>` : ''}${signUpToFollow(t, pathname)}
      </div>
    </div>
  </section>`;
  return html`<div class="d-flex flex-column min-vh-100">
    <nav
      class="container d-flex align-items-center gap-2 pt-3"
      style="max-width:960px"
      aria-label="${t('profile.navigation')}"
    >
      <a href="/" class="btn btn-link btn-sm">${t('profile.home')}</a>
    </nav>
    <main class="container py-4 flex-grow-1" style="max-width:960px">
      <div class="d-flex flex-column gap-4">
        ${header}<a href="/creator/${encodeURIComponent(profile.username)}" class="align-self-start"
          >${t('creatorProfile.fullProfile')}</a
        >${tiles(t, language, profile.content)}
      </div>
    </main>
  </div>`;
}
