/**
 * The one script of a server-rendered public page (landing, a creator's page, a product page;
 * server/http/ssr/). The page already shows its content; the web app (its entry, named by this
 * script's `data-app-entry`) loads only when it is needed:
 * - at once for a signed-in person, or a visitor whose saved language, theme or smoke effect the
 *   server could not draw, and on a page for signed-in people (`data-ssr-sign-in`: discover),
 *   where the app sends a visitor to sign in;
 * - otherwise on the visitor's first touch of something that is not a plain link (links work as
 *   they are: the next page comes from the server), or as a pointer comes over a control. A touched control (`data-ssr-control`: the
 *   language switch, the menu, the smoke switch) is done again in the app once it has taken over
 *   (main.tsx announces `aura:app-ready`), so nothing the visitor did is lost.
 * Imports nothing: it must stay a few hundred bytes.
 */

interface Replay {
  control: string;
  value: string | null;
}

const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = script?.dataset.appEntry;
let started = false;
let replay: Replay | null = null;
const TOUCHES = ['pointerover', 'pointerdown', 'keydown', 'change', 'touchstart'];

function startApp(): void {
  if (started || !entry) return;
  started = true;
  void import(/* @vite-ignore */ entry);
}

function needsAppNow(): boolean {
  // Read directly: the stores that own these keys (token-storage.ts, i18n.ts, theme-store.ts,
  // stored-flag.ts) are part of the app this script is here not to load.
  // eslint-disable-next-line no-restricted-globals
  const saved = (key: string) => localStorage.getItem(key);
  const lang = document.documentElement.lang;
  const darkSystem = matchMedia('(prefers-color-scheme: dark)').matches;
  const theme = saved('theme');
  return (
    saved('token') !== null ||
    saved('authToken') !== null ||
    saved('smokeEffect') === 'true' ||
    (saved('language') !== null && saved('language') !== lang) ||
    (theme !== null ? theme !== document.documentElement.dataset.theme : darkSystem)
  );
}

function onTouch(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  // A pointer over a control that needs the app: start fetching it, a head start on the press.
  if (event.type === 'pointerover') {
    if (target.closest('[data-ssr-control]')) startApp();
    return;
  }
  // Moving the focus around is not yet asking for anything.
  if (event instanceof KeyboardEvent && ['Tab', 'Shift'].includes(event.key)) return;
  const control = target.closest<HTMLElement>('[data-ssr-control]');
  if (event.type === 'change' && control instanceof HTMLSelectElement) {
    replay = { control: control.dataset.ssrControl ?? '', value: control.value };
  } else if (control && replay === null && !(control instanceof HTMLSelectElement)) {
    replay = { control: control.dataset.ssrControl ?? '', value: null };
  } else if (!control && target.closest('a[href]')) {
    return;
  }
  startApp();
}

function replayTouch(): void {
  for (const type of TOUCHES) document.removeEventListener(type, onTouch, { capture: true });
  if (!replay) return;
  const control = document.querySelector<HTMLElement>(`[data-ssr-control="${replay.control}"]`);
  // Where the visitor was: a menu closed again hands the focus back to its button.
  control?.focus();
  if (control instanceof HTMLSelectElement && replay.value !== null) {
    // React hears a change event with the value set through the element's own setter.
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
    setter?.call(control, replay.value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    control?.click();
  }
}

/** SPEC §9: the landing logo rotates every 3000 ms, before the app as in it. */
function rotateLogo(): void {
  const logo = document.querySelector<HTMLImageElement>('img[data-ssr-rotate]');
  const sources = logo?.dataset.ssrRotate?.split('|') ?? [];
  const alts = logo?.dataset.ssrAlts?.split('|') ?? [];
  if (!logo || sources.length < 2) return;
  let index = 0;
  const timer = setInterval(() => {
    if (!logo.isConnected) return clearInterval(timer);
    index = (index + 1) % sources.length;
    logo.src = sources[index] ?? logo.src;
    logo.alt = alts[index] ?? logo.alt;
  }, 3000);
}

window.addEventListener('aura:app-ready', replayTouch, { once: true });
/** Counts the visit of a visitor the app will not count (server/http/ssr/render.ts). */
function countVisit(): void {
  const call = document.querySelector<HTMLElement>('[data-ssr-visit]')?.dataset.ssrVisit;
  const [method, url] = call?.split(' ') ?? [];
  if (method && url) void fetch(url, { method }).catch(() => undefined);
}

// Listened to even while the app is already loading (a signed-in visitor): a control pressed on
// the server's page before the app takes over is pressed again in the app, not lost.
for (const type of TOUCHES) {
  document.addEventListener(type, onTouch, { capture: true, passive: true });
}
// A page for signed-in people (discover): the app sends a visitor to sign in.
if (needsAppNow() || document.querySelector('[data-ssr-sign-in]')) startApp();
else {
  countVisit();
  // The app follows a system theme change live when no theme is saved; the page cannot.
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', startApp, { once: true });
}
rotateLogo();
