import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAvatar } from './content-media';

/** The box of the pure white pixels (the letters: the background is two dark colours). */
async function whiteBox(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const i = (y * info.width + x) * info.channels;
      if ((data[i] ?? 0) > 240 && (data[i + 1] ?? 0) > 240 && (data[i + 2] ?? 0) > 240) {
        [left, top] = [Math.min(left, x), Math.min(top, y)];
        [right, bottom] = [Math.max(right, x), Math.max(bottom, y)];
      }
    }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

describe('renderAvatar', () => {
  it('draws the initials large and in the middle', async () => {
    const size = 256;
    const png = await renderAvatar({ size, colors: ['#1e1b4b', '#4c1d95'], initials: 'mw' });
    expect(await sharp(png).metadata()).toMatchObject({ width: size, height: size });
    const box = await whiteBox(png);
    // Capitals about a third of the side tall, and most of it wide for two letters.
    expect(box.height).toBeGreaterThan(size * 0.25);
    expect(box.width).toBeGreaterThan(size * 0.45);
    expect(box.width).toBeLessThan(size * 0.9);
    const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    expect(Math.abs(centre.x - size / 2)).toBeLessThan(size * 0.05);
    expect(Math.abs(centre.y - size / 2)).toBeLessThan(size * 0.05);
  });
});
