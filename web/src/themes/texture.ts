import type { Texture } from './tokens';
import { rgba, type Hex } from './color.ts';

/** One background layer of a texture, painted with a single tint at most at the texture's alpha. */
export interface TextureLayer {
  tint: Hex;
  alpha: number;
  image: string;
  size: string;
  /** How many gradients of this layer may overlap at one point (grid lines cross). */
  paints: number;
}

type LayerRecipe = { tint: 0 | 1; image: (color: string) => string; size?: string };

// Subtle CSS-only patterns (no image downloads). Each recipe uses one tint per layer so the
// contrast test can composite the worst case from the same data.
const RECIPES: Record<Texture['pattern'], LayerRecipe[]> = {
  aurora: [
    { tint: 0, image: (c) => `radial-gradient(ellipse 70% 55% at 10% 0%, ${c}, transparent 70%)` },
    { tint: 1, image: (c) => `radial-gradient(ellipse 60% 50% at 95% 15%, ${c}, transparent 70%)` },
  ],
  waves: [
    {
      tint: 0,
      image: (c) =>
        `repeating-radial-gradient(circle at 50% 130%, ${c} 0 1px, transparent 1px 26px)`,
    },
    { tint: 1, image: (c) => `radial-gradient(ellipse 80% 60% at 15% 0%, ${c}, transparent 70%)` },
  ],
  petals: [
    {
      tint: 0,
      image: (c) => `radial-gradient(circle, ${c} 0 3px, transparent 3.5px)`,
      size: '34px 34px',
    },
    {
      tint: 1,
      image: (c) => `radial-gradient(ellipse 90% 45% at 50% 110%, ${c}, transparent 70%)`,
    },
  ],
  dunes: [
    {
      tint: 0,
      image: (c) => `repeating-linear-gradient(168deg, ${c} 0 2px, transparent 2px 38px)`,
    },
    {
      tint: 1,
      image: (c) => `radial-gradient(ellipse 90% 50% at 70% 105%, ${c}, transparent 70%)`,
    },
  ],
  beans: [
    {
      tint: 0,
      image: (c) => `radial-gradient(ellipse 4px 6px, ${c} 0 90%, transparent 100%)`,
      size: '30px 30px',
    },
    { tint: 1, image: (c) => `linear-gradient(180deg, transparent 40%, ${c})` },
  ],
  feathers: [
    {
      tint: 0,
      image: (c) =>
        `repeating-conic-gradient(from 200deg at 0% 100%, ${c} 0 3deg, transparent 3deg 12deg)`,
    },
    { tint: 1, image: (c) => `radial-gradient(circle at 92% 8%, ${c}, transparent 45%)` },
  ],
  grid: [
    {
      tint: 0,
      image: (c) =>
        `linear-gradient(${c} 1px, transparent 1px), linear-gradient(90deg, ${c} 1px, transparent 1px)`,
      size: '44px 44px, 44px 44px',
    },
    {
      tint: 1,
      image: (c) => `radial-gradient(ellipse 70% 50% at 50% -10%, ${c}, transparent 70%)`,
    },
  ],
  scanlines: [
    { tint: 0, image: (c) => `radial-gradient(ellipse 60% 45% at 50% -5%, ${c}, transparent 70%)` },
    {
      tint: 1,
      image: (c) => `repeating-linear-gradient(0deg, ${c} 0 1px, transparent 1px 4px)`,
    },
  ],
  rain: [
    {
      tint: 0,
      image: (c) => `repeating-linear-gradient(90deg, ${c} 0 1px, transparent 1px 15px)`,
    },
    { tint: 1, image: (c) => `linear-gradient(180deg, ${c}, transparent 65%)` },
  ],
};

export function textureLayers(texture: Texture): TextureLayer[] {
  return RECIPES[texture.pattern].map((recipe) => {
    const tint = texture.tints[recipe.tint];
    const layerCount = recipe.image('x').split('gradient(').length - 1;
    return {
      tint,
      alpha: texture.alpha,
      image: recipe.image(rgba(tint, texture.alpha)),
      size: recipe.size ?? Array.from({ length: layerCount }, () => 'auto').join(', '),
      paints: layerCount,
    };
  });
}
