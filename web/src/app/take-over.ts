/** How long a server-rendered page waits for the app's own rendering of it at most. */
const TAKE_OVER_LIMIT_MS = 5000;

/** The app shows the page's content: a main landmark that is no longer loading. */
const hasContent = (container: HTMLElement) =>
  container.querySelector('main') !== null && container.querySelector('.spinner-border') === null;

/**
 * Where the app renders. A page the server rendered (server/http/ssr/, `#root[data-ssr]`) keeps
 * its content on screen while the app renders the same page beside it, hidden; once the app shows
 * the content (or after a while at most), the app's version takes the server's place and
 * `aura:app-ready` tells web/src/boot.ts to repeat what the visitor touched meanwhile. Any other
 * page renders into #root as it is.
 */
export function takeOverWhenReady(root: HTMLElement): HTMLElement {
  if (!root.hasAttribute('data-ssr')) return root;
  const container = document.createElement('div');
  container.hidden = true;
  root.after(container);
  let done = false;
  const takeOver = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    root.remove();
    container.id = 'root';
    container.hidden = false;
    window.dispatchEvent(new Event('aura:app-ready'));
  };
  const observer = new MutationObserver(() => {
    if (hasContent(container)) takeOver();
  });
  observer.observe(container, { childList: true, subtree: true, attributes: true });
  const timer = setTimeout(takeOver, TAKE_OVER_LIMIT_MS);
  return container;
}
