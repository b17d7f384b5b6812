/** Colour arithmetic for theme tokens: parsing, alpha compositing and WCAG 2.x contrast. */

export type Hex = `#${string}`;
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHex(hex: Hex): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1], 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

/** "r, g, b" as Bootstrap's *-rgb variables expect. */
export const rgbTriplet = (hex: Hex): string => {
  const { r, g, b } = parseHex(hex);
  return `${r}, ${g}, ${b}`;
};

export const rgba = (hex: Hex, alpha: number): string => `rgba(${rgbTriplet(hex)}, ${alpha})`;

/** `top` painted with `alpha` over the opaque `bottom` (source-over). */
export function composite(bottom: Rgb, top: Rgb, alpha: number): Rgb {
  const mix = (b: number, t: number) => b * (1 - alpha) + t * alpha;
  return { r: mix(bottom.r, top.r), g: mix(bottom.g, top.g), b: mix(bottom.b, top.b) };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.x contrast ratio, 1..21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
