import fc from 'fast-check';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CURRENCIES } from '../../common/rules/money';
import { TIERS } from '../../common/rules/tiers';
import { FeedPage } from '../../common/schemas/feed';
import { ITEM_STATES, ItemDetail } from '../../common/schemas/items';
import { compileSerializer } from './compiled-serializer';

const zodText = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' })(data);

/** Any text, including quotes, backslashes, control characters, emoji and lone surrogates. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
  fc.constantFrom('', '"', '\\', '\u2028', '\ud800', 'a\u0000b', '😀 15,00 €', 'x'.repeat(300)),
);
const nullableText = fc.option(text, { nil: null });
const int = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });

const comment = fc.record({
  id: int,
  user: text,
  userId: text,
  userImage: nullableText,
  text,
  createdAt: text,
});

const post = fc.record({
  id: int,
  creatorId: text,
  userName: text,
  userImage: nullableText,
  title: text,
  description: text,
  imageUrl: nullableText,
  imageSrcSet: fc.option(fc.record({ avif: text, webp: text }), { nil: null }),
  videoUrl: nullableText,
  audioUrl: nullableText,
  likes: int,
  likedByMe: fc.boolean(),
  comments: fc.array(comment, { maxLength: 3 }),
  commentsCount: int,
  visitors: int,
  price: text,
  priceCents: int,
  currency: fc.constantFrom(...CURRENCIES),
  isPurchased: fc.boolean(),
  tierRequired: fc.constantFrom(...TIERS),
  earlyAccessUntil: fc.option(
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  ),
  category: text,
  subcategory: text,
  tags: fc.array(text, { maxLength: 4 }),
  explicitContent: fc.boolean(),
  createdAt: text,
  abilities: fc.record({ canEdit: fc.boolean(), canBuy: fc.boolean() }),
});

describe('compiled response serializers (issue 17)', () => {
  it('write a feed page exactly as zod does', () => {
    const serialize = compileSerializer(FeedPage);
    fc.assert(
      fc.property(
        fc.record({ posts: fc.array(post, { maxLength: 5 }), nextCursor: nullableText }),
        (page) => serialize(page) === zodText(FeedPage, page),
      ),
      { numRuns: 300 },
    );
  });

  it('write an item page exactly as zod does', () => {
    const serialize = compileSerializer(ItemDetail);
    const detail = fc
      .tuple(
        post,
        fc.record({
          status: fc.constantFrom(...ITEM_STATES),
          publishAt: fc.option(
            fc
              .date({
                min: new Date('2000-01-01'),
                max: new Date('2100-01-01'),
                noInvalidDate: true,
              })
              .map((d) => d.toISOString()),
          ),
          previewUrl: nullableText,
          isOwner: fc.boolean(),
          creatorSuspended: fc.boolean(),
          payWhatYouWant: fc.option(
            fc.record({
              minPriceCents: fc.nat(),
              suggestedPriceCents: fc.nat(),
              minCents: fc.nat(),
              maxCents: fc.nat(),
            }),
          ),
        }),
      )
      .map(([p, extra]) => ({ ...p, ...extra }));
    fc.assert(
      fc.property(detail, (item) => serialize(item) === zodText(ItemDetail, item)),
      { numRuns: 300 },
    );
  });

  it('leave out properties the schema does not name, as zod does', () => {
    const page = { posts: [], nextCursor: null, secret: 'never sent' };
    expect(compileSerializer(FeedPage)(page)).toBe(zodText(FeedPage, page));
    expect(compileSerializer(FeedPage)(page)).not.toContain('secret');
  });

  it('refuse an answer that lacks a required property', () => {
    expect(() => compileSerializer(FeedPage)({ posts: [] })).toThrow();
  });
});
