import type { ItunesCategory } from './itunes-category';

/*
 * RSS 2.0 with the iTunes podcast tags (issue 42), written by hand: every text a creator typed
 * goes through xmlText, so no title or description can open a tag or end the document.
 */

/** Characters XML 1.0 forbids even escaped (control characters, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data or an attribute value: escaped, forbidden characters dropped. */
export const xmlText = (text: string): string =>
  text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

export interface RssEnclosure {
  url: string;
  length: number;
  type: string;
}

export interface RssItem {
  guid: string;
  title: string;
  link: string;
  description: string;
  published: Date;
  explicit: boolean;
  category: string;
  image: string | null;
  enclosure: RssEnclosure | null;
}

export interface RssChannel {
  title: string;
  link: string;
  /** The feed's own URL (atom:link rel="self"). */
  self: string;
  description: string;
  language: string;
  author: string;
  image: string | null;
  category: ItunesCategory;
  explicit: boolean;
  /** A private feed asks podcast directories not to list it. */
  isPrivate: boolean;
  lastBuild: Date;
  items: readonly RssItem[];
}

const tag = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

function itemXml(item: RssItem): string {
  return [
    '    <item>',
    `      ${tag('title', item.title)}`,
    `      ${tag('link', item.link)}`,
    `      <guid isPermaLink="false">${xmlText(item.guid)}</guid>`,
    `      ${tag('pubDate', item.published.toUTCString())}`,
    `      ${tag('description', item.description)}`,
    `      ${tag('category', item.category)}`,
    item.enclosure
      ? `      <enclosure url="${xmlText(item.enclosure.url)}" length="${item.enclosure.length}" type="${xmlText(item.enclosure.type)}"/>`
      : null,
    `      ${tag('itunes:title', item.title)}`,
    `      ${tag('itunes:summary', item.description)}`,
    `      ${tag('itunes:explicit', item.explicit ? 'true' : 'false')}`,
    item.image ? `      <itunes:image href="${xmlText(item.image)}"/>` : null,
    '    </item>',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

function categoryXml(category: ItunesCategory): string {
  const name = xmlText(category.name);
  return category.sub
    ? `<itunes:category text="${name}"><itunes:category text="${xmlText(category.sub)}"/></itunes:category>`
    : `<itunes:category text="${name}"/>`;
}

export function rssXml(channel: RssChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${tag('title', channel.title)}`,
    `    ${tag('link', channel.link)}`,
    `    <atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `    ${tag('description', channel.description)}`,
    `    ${tag('language', channel.language)}`,
    `    ${tag('lastBuildDate', channel.lastBuild.toUTCString())}`,
    `    ${tag('generator', 'Aura')}`,
    channel.image
      ? `    <image><url>${xmlText(channel.image)}</url>${tag('title', channel.title)}${tag('link', channel.link)}</image>`
      : null,
    `    ${tag('itunes:author', channel.author)}`,
    `    <itunes:owner>${tag('itunes:name', channel.author)}</itunes:owner>`,
    `    ${tag('itunes:summary', channel.description)}`,
    channel.image ? `    <itunes:image href="${xmlText(channel.image)}"/>` : null,
    `    ${categoryXml(channel.category)}`,
    `    ${tag('itunes:explicit', channel.explicit ? 'true' : 'false')}`,
    `    ${tag('itunes:type', 'episodic')}`,
    channel.isPrivate ? `    ${tag('itunes:block', 'Yes')}` : null,
    ...channel.items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}
