import type { TFunction } from 'i18next';
import type { SpotlightCreator } from '../../../common/schemas/feed';
import { avatar } from './chrome';
import { html, type SafeHtml } from './html';

/*
 * Discover as web/src/features/feed/pages/DiscoverPage.tsx, SpotlightSection.tsx and
 * SpotlightSlider.tsx draw it before the feed has come: the spotlight's creators (the same for
 * every viewer) and the posts still loading. The posts are the viewer's (locks, purchases), so
 * only the app shows them, once it has taken over; discover needs sign-in, so the app loads at
 * once (web/src/boot.ts).
 */

const CARD_WIDTH_PX = 240;

function spotlightCard(t: TFunction, creator: SpotlightCreator): SafeHtml {
  return html`<a
    href="/hypr/${creator.id}"
    class="card text-decoration-none flex-shrink-0 text-center p-3"
    style="width:${CARD_WIDTH_PX}px"
    draggable="false"
    >${avatar(creator.avatarUrl, creator.name, 120, 'mx-auto mb-2')}<span
      class="fw-semibold text-truncate d-block"
      >${creator.name}</span
    ><span class="small text-muted text-truncate d-block"
      >${t('discover.spotlightItems', { value: creator.itemCount })}</span
    ></a
  >`;
}

export function discoverPage(t: TFunction, creators: SpotlightCreator[]): SafeHtml {
  return html`<main class="container py-4">
    <h1 class="h3 mb-4">${t('discover.title')}</h1>
    <section class="mb-4">
      <h2 class="h5">${t('discover.spotlight')}</h2>
      <p class="small text-muted">${t('discover.spotlightHint')}</p>
      <div
        role="region"
        aria-label="${t('discover.spotlight')}"
        tabindex="0"
        class="d-flex gap-3 overflow-auto pb-2 user-select-none"
        style="touch-action:pan-y;cursor:grab;scrollbar-width:thin"
      >
        ${creators.map((creator) => spotlightCard(t, creator))}
      </div>
    </section>
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading" class="h5">${t('discover.posts')}</h2>
      <div class="text-center py-4"><div role="status" class="spinner-border"></div></div>
    </section>
  </main>`;
}
