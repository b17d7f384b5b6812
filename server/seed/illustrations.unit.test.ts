import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderBanner, renderIllustratedAvatar } from './illustrations';

const COLORS: [string, string] = ['#7c3aed', '#db2777'];

/** Mean absolute difference per channel between two same-sized pictures (0-255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

describe('demo illustrations', () => {
  it('draws the same avatar for the same seed and a different one for another', async () => {
    const lena = await renderIllustratedAvatar({ seed: 'lena_loops', colors: COLORS });
    expect(await sharp(lena).metadata()).toMatchObject({ width: 256, height: 256 });
    expect(
      await difference(lena, await renderIllustratedAvatar({ seed: 'lena_loops', colors: COLORS })),
    ).toBe(0);
    // Same colours, another person: the face, hair and details differ, not only the backdrop.
    const milo = await renderIllustratedAvatar({ seed: 'milo_frames', colors: COLORS });
    expect(await difference(lena, milo)).toBeGreaterThan(3);
  });

  it('draws a wide WebP banner that differs per seed', async () => {
    const banner = await renderBanner({ seed: 'lena_loops', colors: COLORS });
    expect(await sharp(banner).metadata()).toMatchObject({
      format: 'webp',
      width: 1500,
      height: 500,
    });
    const other = await renderBanner({ seed: 'kai_codes', colors: COLORS });
    expect(await difference(banner, other)).toBeGreaterThan(3);
  });
});
