import fc from 'fast-check';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { entityTag, isNotModified } from './conditional';
import { rssXml, xmlText, type RssChannel } from './rss-xml';

/* The feed writer (issue 42): whatever a creator types stays text in valid XML. */

const channel = (title: string, description: string): RssChannel => ({
  title,
  link: 'https://aura.example/creator/ada',
  self: 'https://aura.example/api/v1/feeds/ada.rss',
  description,
  language: 'en',
  author: title,
  image: null,
  category: { name: 'Arts', sub: 'Design' },
  explicit: false,
  isPrivate: false,
  lastBuild: new Date('2026-01-02T03:04:05Z'),
  items: [
    {
      guid: 'aura:aura.example:item:1',
      title,
      link: 'https://aura.example/product/1',
      description,
      published: new Date('2026-01-01T00:00:00Z'),
      explicit: true,
      category: 'Music',
      image: null,
      enclosure: { url: 'https://aura.example/a?x=1&y=2', length: 12, type: 'audio/mpeg' },
    },
  ],
});

/** What survives in XML: the text without the characters XML 1.0 cannot hold. */
const xmlSafe = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');

describe('the RSS writer', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(xmlText(`a<b>&"c"'\u0000\u0007d`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d');
  });

  it('keeps any creator text as the same text for a real parser', async () => {
    const parser = new Parser();
    await fc.assert(
      // XML reads a carriage return as a line feed: leave it out.
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replaceAll('\r', '')),
        async (text) => {
          const title = `t${text}e`;
          const feed = await parser.parseString(rssXml(channel(title, `d${text}`)));
          expect(feed.title).toBe(xmlSafe(title));
          expect(feed.items[0]?.enclosure?.url).toBe('https://aura.example/a?x=1&y=2');
        },
      ),
      { numRuns: 30 },
    );
  }, 30_000);
});

describe('conditional feed requests', () => {
  const etag = entityTag('<rss/>');
  const at = new Date('2026-01-02T03:04:05Z');
  it('matches the entity tag (weak or strong, in a list) before the date', () => {
    expect(isNotModified({ 'if-none-match': etag }, etag, at)).toBe(true);
    expect(isNotModified({ 'if-none-match': `"x", W/${etag}` }, etag, at)).toBe(true);
    expect(
      isNotModified({ 'if-none-match': '"x"', 'if-modified-since': at.toUTCString() }, etag, at),
    ).toBe(false);
    expect(isNotModified({ 'if-modified-since': at.toUTCString() }, etag, at)).toBe(true);
    expect(
      isNotModified({ 'if-modified-since': new Date(at.getTime() - 1000).toUTCString() }, etag, at),
    ).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'not a date' }, etag, at)).toBe(false);
    expect(isNotModified({}, etag, at)).toBe(false);
  });
});
