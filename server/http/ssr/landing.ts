import type { TFunction } from 'i18next';
import type { Language } from '../../../common/i18n';
import { formatMoney } from '../../../common/rules/money';
import { TIER_CURRENCY, TIER_PRICE_CENTS, TIERS } from '../../../common/rules/tiers';
import type { FeedPost, SpotlightCreator } from '../../../common/schemas/feed';
import { avatar, LOCK_ICON, tierBadge } from './chrome';
import { html, type SafeHtml } from './html';

/*
 * The landing page as web/src/features/site/pages/LandingPage.tsx, LandingShowcase.tsx and
 * LandingTiers.tsx draw it, for a signed-out visitor.
 */

const CREATOR_COUNT = 6;
const CARD_SIZES = '(min-width: 992px) 300px, (min-width: 768px) 33vw, 50vw';
const LOGO_KEYS = ['aura', 'hypr', 'hyprsoul'] as const;

function creatorCard(t: TFunction, creator: SpotlightCreator): SafeHtml {
  return html`<li class="col">
    <a
      href="/hypr/${creator.id}"
      class="card h-100 text-center text-decoration-none p-3 aura-lift"
      data-testid="landing-creator"
      >${avatar(creator.avatarUrl, creator.name, 80, 'mx-auto mb-2')}<span
        class="fw-semibold text-truncate d-block"
        >${creator.name}</span
      ><span class="small aura-muted"
        >${t('landing.creators.items', { count: creator.itemCount })}</span
      ></a
    >
  </li>`;
}

function itemCard(t: TFunction, language: Language, post: FeedPost): SafeHtml {
  const isLocked = !post.isPurchased;
  // The API's picture for this visitor: the teaser of a locked item, never its paid media.
  const picture = post.imageUrl
    ? html`<picture
        >${post.imageSrcSet ? html`<source type="image/avif" srcset="${post.imageSrcSet.avif}" sizes="${CARD_SIZES}" />` : ''}<img
          src="${post.imageUrl}"
          alt=""
          ${post.imageSrcSet ? html` sizes="${CARD_SIZES}" srcset="${post.imageSrcSet.webp}"` : ''}${isLocked ? html` class="aura-teaser"` : ''}
          loading="lazy"
          decoding="async"
          draggable="false"
      /></picture>`
    : '';
  const flag =
    post.priceCents > 0
      ? formatMoney(post.priceCents, post.currency, language)
      : post.tierRequired === 'Aura'
        ? t('discover.free')
        : tierBadge(post.tierRequired);
  return html`<li class="col">
    <a
      href="/product/${post.id}"
      class="card h-100 overflow-hidden text-decoration-none aura-lift"
      data-testid="landing-item"
      ><div class="aura-media-frame">
        ${picture}<span class="aura-card-flag">${isLocked ? LOCK_ICON : ''}${flag}</span>
      </div>
      <div class="card-body py-2">
        <span class="fw-semibold text-truncate d-block">${post.title}</span
        ><span class="small aura-muted text-truncate d-block">${post.userName}</span>
      </div></a
    >
  </li>`;
}

function showcase(
  t: TFunction,
  language: Language,
  creators: SpotlightCreator[],
  posts: FeedPost[],
): SafeHtml {
  if (creators.length === 0 && posts.length === 0) return html``;
  return html`<section class="container my-5" aria-labelledby="landing-creators-title">
      <h2 id="landing-creators-title" class="h3 fw-bold mb-1">${t('landing.creators.title')}</h2>
      <p class="aura-muted mb-3">${t('landing.creators.text')}</p>
      <ul class="list-unstyled row row-cols-2 row-cols-md-3 row-cols-lg-6 g-3 mb-0">
        ${creators.slice(0, CREATOR_COUNT).map((creator) => creatorCard(t, creator))}
      </ul>
    </section>
    <section class="container my-5" aria-labelledby="landing-drops-title">
      <h2 id="landing-drops-title" class="h3 fw-bold mb-1">${t('landing.drops.title')}</h2>
      <p class="aura-muted mb-3">${t('landing.drops.text')}</p>
      <ul class="list-unstyled row row-cols-2 row-cols-md-3 g-3 mb-0">
        ${posts.map((post) => itemCard(t, language, post))}
      </ul>
    </section>`;
}

function tiers(t: TFunction, language: Language): SafeHtml {
  const cards = TIERS.map((tier) => {
    const price =
      tier === 'Aura'
        ? t('tiers.free')
        : t('tiers.perMonth', {
            price: formatMoney(TIER_PRICE_CENTS[tier], TIER_CURRENCY, language),
          });
    return html`<li class="col">
      <div class="card h-100 aura-tier-card aura-tier-${tier}" data-testid="landing-tier-${tier}">
        <div class="card-body d-flex flex-column gap-2">
          <div>${tierBadge(tier)}</div>
          <p class="h4 fw-bold mb-0">${price}</p>
          <p class="aura-muted mb-2">${t(`tiers.description.${tier}`)}</p>
          <a
            class="btn ${tier === 'Aura' ? 'btn-primary' : 'btn-outline-primary'} mt-auto"
            href="/auth?tab=signup"
            >${t(`landing.tiers.cta.${tier}`)}</a
          >
        </div>
      </div>
    </li>`;
  });
  return html`<section class="container my-5" aria-labelledby="landing-tiers-title">
    <h2 id="landing-tiers-title" class="h3 fw-bold mb-1">${t('landing.tiers.title')}</h2>
    <p class="aura-muted mb-3">${t('landing.tiers.text')}</p>
    <ul class="list-unstyled row row-cols-1 row-cols-md-3 g-3 mb-0">
      ${cards}
    </ul>
  </section>`;
}

export function landingPage(
  t: TFunction,
  language: Language,
  creators: SpotlightCreator[],
  posts: FeedPost[],
): SafeHtml {
  // The logo's rotation (SPEC §9) runs in web/src/boot.ts from these names.
  const logoAlts = LOGO_KEYS.map((key) => t(`landing.logos.${key}`)).join('|');
  const points = (['memberships', 'drops', 'ownership'] as const).map(
    (point) =>
      html`<li class="col-md-4">
        <div class="card h-100">
          <div class="card-body">
            <h2 class="h5">${t(`landing.points.${point}.title`)}</h2>
            <p class="mb-0 aura-muted">${t(`landing.points.${point}.text`)}</p>
          </div>
        </div>
      </li>`,
  );
  return html`<main class="aura-landing">
    <section class="aura-hero">
      <div class="container py-5 d-flex flex-column flex-md-row align-items-center gap-4">
        <div class="flex-grow-1 text-center text-md-start">
          <p class="aura-eyebrow mb-2">${t('landing.eyebrow')}</p>
          <h1 class="display-4 fw-bold">${t('landing.title')}</h1>
          <p class="lead aura-landing-subtitle mx-auto mx-md-0">${t('landing.subtitle')}</p>
          <div class="d-flex flex-wrap gap-2 justify-content-center justify-content-md-start mt-4">
            <a class="btn btn-primary btn-lg" href="/auth?tab=signup">${t('landing.getStarted')}</a
            ><a class="btn btn-outline-secondary btn-lg" href="/features"
              >${t('landing.seeFeatures')}</a
            >
          </div>
        </div>
        <div class="aura-landing-logo-frame flex-shrink-0">
          <img
            src="/logo-aura.svg"
            alt="${t('landing.logos.aura')}"
            width="168"
            height="168"
            class="aura-landing-logo"
            data-testid="landing-logo"
            data-ssr-rotate="/logo-aura.svg|/logo-hypr.svg|/logo-hyprsoul.svg"
            data-ssr-alts="${logoAlts}"
          />
        </div>
      </div>
    </section>
    ${showcase(t, language, creators, posts)}${tiers(t, language)}
    <section class="container my-5">
      <ul class="list-unstyled row g-3 mb-0">
        ${points}
      </ul>
    </section>
    <section class="container mb-5" aria-labelledby="landing-cta-title">
      <div class="aura-cta rounded-4 p-4 p-md-5 text-center">
        <h2 id="landing-cta-title" class="h3 fw-bold">${t('landing.cta.title')}</h2>
        <p class="mb-4">${t('landing.cta.text')}</p>
        <a class="btn btn-light btn-lg fw-semibold" href="/auth?tab=signup"
          >${t('landing.cta.button')}</a
        >
      </div>
    </section>
  </main>`;
}
