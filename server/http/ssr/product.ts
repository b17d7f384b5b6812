import type { TFunction } from 'i18next';
import { isCategory } from '../../../common/catalog/categories';
import type { Language } from '../../../common/i18n';
import { formatMoney } from '../../../common/rules/money';
import type { ItemDetail } from '../../../common/schemas/items';
import { avatar, LOCK_ICON, tierBadge, unlockHint } from './chrome';
import { html, type SafeHtml } from './html';

/*
 * /product/{id} for a signed-out visitor, as features/items/pages/ProductPage.tsx draws it. The
 * picture is the API's `previewUrl` (the teaser of a locked item), never the item's media: a
 * paid file's address is not in the page. Unlocking needs the app (the button loads it and is
 * pressed again there, web/src/boot.ts).
 */
export function productPage(t: TFunction, language: Language, item: ItemDetail): SafeHtml {
  const isUnlocked = item.isPurchased;
  const price = formatMoney(item.priceCents, item.currency, language);
  // Pay what you want (issue 43): the app's page starts the amount at the suggested price.
  const offer = item.payWhatYouWant;
  const payText = offer ? formatMoney(offer.suggestedPriceCents, item.currency, language) : price;
  const priceLine = offer
    ? t('product.pwywPrice', { min: formatMoney(offer.minCents, item.currency, language) })
    : `${t('product.price')}: ${item.priceCents === 0 ? t('discover.free') : price}`;
  const category = isCategory(item.category) ? t(`categories.${item.category}`) : item.category;
  const facts = html`<div class="d-flex flex-wrap align-items-center gap-2 small mb-2">
    <span class="text-muted">${category} · ${item.subcategory}</span
    >${item.explicitContent ? html`<span class="badge bg-danger" data-testid="explicit-badge">${t('discover.explicit')}</span>` : ''}${!isUnlocked && item.tierRequired !== 'Aura' ? html`<span class="d-inline-flex align-items-center gap-1">${t('discover.includedWith')} ${tierBadge(item.tierRequired)}</span>` : ''}${item.tags.map((tag) => html`<span class="badge bg-light text-dark border">#${tag}</span>`)}
  </div>`;
  const picture = item.previewUrl
    ? html`<img
        src="${item.previewUrl}"
        alt="${isUnlocked ? item.title : t('discover.lockedPreviewAlt', { title: item.title })}"
        class="w-100"
        style="aspect-ratio:3 / 2;object-fit:cover;max-height:600px${isUnlocked ? '' : ';filter:blur(16px);transform:scale(1.1)'}"
        draggable="false"
      />`
    : '';
  const media = isUnlocked
    ? html`<div class="position-relative overflow-hidden rounded">${picture}</div>`
    : html`<div
        class="position-relative overflow-hidden rounded bg-dark"
        style="min-height:200px"
        data-testid="locked-preview"
      >
        ${picture}
        <div class="position-absolute top-50 start-50 translate-middle text-white text-center px-3">
          <span class="d-block mb-1">${LOCK_ICON}</span
          ><span class="fw-semibold">${t('discover.locked')}</span>
        </div>
      </div>`;
  const lockedPart = isUnlocked
    ? ''
    : html`<p class="text-muted" data-testid="product-locked">${unlockHint(t, price, item)}</p>
        ${item.tierRequired !== 'Aura' ? html`<a href="/hypr/${item.creatorId}" class="d-inline-block mb-3">${t('unlock.seeMemberships')}</a>` : ''}${item.abilities.canBuy ? html`<div class="d-flex flex-wrap gap-2 align-items-start"><button type="button" class="btn btn-primary" data-ssr-control="unlock">${t('product.unlock', { price: payText })}</button></div>` : ''}`;
  return html`<main class="container py-4" style="max-width:760px">
    <div class="card" data-testid="product-card">
      <div class="card-body">
        <div class="d-flex align-items-center gap-2 mb-3">
          ${avatar(item.userImage, item.userName, 40)}<a
            href="/hypr/${item.creatorId}"
            class="text-decoration-none"
            >${t('product.by', { name: item.userName })}</a
          >
        </div>
        <div class="d-flex align-items-start gap-2"><h1 class="h3 me-auto">${item.title}</h1></div>
        ${facts}
        <p class="fw-semibold" data-testid="product-price">${priceLine}</p>
        ${media}
        <p class="mt-3" style="white-space:pre-line">${item.description}</p>
        ${lockedPart}
      </div>
      <div class="card-footer d-flex flex-wrap align-items-center gap-3">
        <span class="small text-muted" data-testid="like-count"
          >${t('discover.likes', { value: item.likes })}</span
        ><span class="small text-muted" data-testid="visitor-count"
          >${t('discover.visitors', { value: item.visitors })}</span
        >
      </div>
    </div>
    <a href="/discover" class="btn btn-link px-0 mt-3">${t('product.backToDiscover')}</a>
  </main>`;
}
