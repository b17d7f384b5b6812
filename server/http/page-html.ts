import { PAGE_SETTING_META, type PageSettings } from '../../common/rules/page-settings';

/** What a shared link's preview shows (Open Graph and Twitter card tags). */
export interface PagePreview {
  title: string;
  description: string;
  /** Absolute URL of the page itself. */
  url: string;
  /** Absolute URL of the image, or null for none. */
  image: string | null;
  /** The page's RSS feed (a creator's public feed), for feed readers' discovery. */
  feed?: { title: string; url: string };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML attribute or element: what a creator writes never becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

function previewTags(preview: PagePreview): string[] {
  const tags = [
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
  ];
  if (preview.image) {
    tags.push(
      meta('property', 'og:image', preview.image),
      meta('name', 'twitter:image', preview.image),
    );
  }
  if (preview.feed) {
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(preview.feed.title)}" href="${escapeHtml(preview.feed.url)}" />`,
    );
  }
  return tags;
}

/**
 * The web app's index.html with the server's settings in its head and, for a page a link
 * preview reads (link-preview bots run no JavaScript), that page's title, description and
 * preview tags in place of the app's own.
 */
export function renderPageHtml(
  template: string,
  settings: PageSettings,
  preview: PagePreview | null,
): string {
  const tags = (Object.keys(PAGE_SETTING_META) as (keyof PageSettings)[]).map((key) =>
    meta('name', PAGE_SETTING_META[key], settings[key] ? 'on' : 'off'),
  );
  let html = template;
  if (preview) {
    html = html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(preview.title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, meta('name', 'description', preview.description));
    tags.push(...previewTags(preview));
  }
  return html.replace('</head>', `${tags.join('\n    ')}\n  </head>`);
}
