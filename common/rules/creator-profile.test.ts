import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UpdateCreatorProfileRequest } from '../schemas/creator-profile';
import { isValidBirthDate, isValidPhoneNumber } from './personal-details';
import { GALLERY_MAX_IMAGES, isWebUrl, promoEmbedUrl, promoVideoSource } from './creator-profile';

describe('isWebUrl (SPEC §5 social links)', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#x',
    'HTTPS://EXAMPLE.COM',
    'https://sub.example.co.uk/@name',
  ])('takes %s', (url) => expect(isWebUrl(url)).toBe(true));

  it.each([
    '',
    '/relative/path',
    'example.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://example.com',
    'mailto:me@example.com',
    'https://',
    'http:///nohost',
    ' https://example.com',
  ])('refuses %j', (url) => expect(isWebUrl(url)).toBe(false));

  it('never takes a scheme other than http or https', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'ftp'),
        fc.string(),
        (scheme, rest) => !isWebUrl(`${scheme}:${rest}`),
      ),
      { numRuns: 200 },
    );
  });
});

describe('promoVideoSource (SPEC §5 promo video)', () => {
  const embed = (videoId: string) => ({ kind: 'embed', videoId });

  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=a-b_c1D2e3F', 'a-b_c1D2e3F'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('embeds %s with its 11-character id', (value, id) => {
    expect(promoVideoSource(value)).toEqual(embed(id));
  });

  it.each([
    ['/api/v1/media/vid-0123456789abcdef0123456789abcdef.mp4'],
    ['https://videos.example/promo.mp4'],
  ])('plays %s as a video file', (value) => {
    expect(promoVideoSource(value)).toEqual({ kind: 'file', url: value });
  });

  it.each([
    '',
    'dQw4w9WgXc',
    'dQw4w9WgXcQQ',
    'not a video',
    'javascript:alert(1)',
    '//evil.example/x.mp4',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/',
    'https://youtu.be/',
    'https://www.youtube.com/watch?v=dQw4w9WgXc<',
  ])('refuses %j', (value) => expect(promoVideoSource(value)).toBeNull());

  it('embeds through the privacy-enhanced domain the CSP allows', () => {
    expect(promoEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});

describe('UpdateCreatorProfileRequest', () => {
  it(`takes ${GALLERY_MAX_IMAGES} gallery images and refuses one more`, () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `/api/v1/media/img-${i}.png`);
    expect(UpdateCreatorProfileRequest.safeParse({ galleryImages: urls(10) }).success).toBe(true);
    const refused = UpdateCreatorProfileRequest.safeParse({ galleryImages: urls(11) });
    expect(refused.error?.issues[0]).toMatchObject({
      message: 'galleryLimit',
      path: ['galleryImages'],
    });
  });

  it('flags each bad link with invalidUrl on its own path', () => {
    const refused = UpdateCreatorProfileRequest.safeParse({
      links: { website: 'https://ok.example', twitter: 'javascript:alert(1)', tiktok: '/me' },
    });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['links.twitter', 'invalidUrl'],
      ['links.tiktok', 'invalidUrl'],
    ]);
  });
});

describe('personal details', () => {
  const today = new Date('2030-06-01T12:00:00Z');

  it.each(['1990-12-10', '1900-01-01', '2030-06-01', '2000-02-29'])(
    'takes %s as a birth date',
    (d) => expect(isValidBirthDate(d, today)).toBe(true),
  );

  it.each(['1899-12-31', '2030-06-02', '1990-02-30', '2001-02-29', '1990-1-1', 'yesterday'])(
    'refuses %s as a birth date',
    (d) => expect(isValidBirthDate(d, today)).toBe(false),
  );

  it.each(['+44 20 7946 0000', '(030) 123-456', '555.0100'])('takes %s as a phone number', (p) =>
    expect(isValidPhoneNumber(p)).toBe(true),
  );

  it.each(['call me', '+1', '12', '++44 20', '0'.repeat(33)])('refuses %s as a phone number', (p) =>
    expect(isValidPhoneNumber(p)).toBe(false),
  );
});
