import { useEffect, useRef } from 'react';

interface Puff {
  sprite: number;
  angle: number;
  spin: number;
  x: number;
  y: number;
  radius: number;
  growth: number;
  rise: number;
  drift: number;
  phase: number;
  age: number;
  life: number;
}

const PUFF_COUNT = 36;
const PEAK_ALPHA = 0.14;
const SPRITE_VARIANTS = 4;
const SPRITE_SIZE = 256;
// Drawn at half resolution: smoke is soft anyway, and it halves the fill cost.
const SCALE = 0.5;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function spawn(width: number, height: number, isFresh: boolean): Puff {
  const life = 900 + Math.random() * 900;
  return {
    sprite: Math.floor(Math.random() * SPRITE_VARIANTS),
    angle: Math.random() * Math.PI * 2,
    spin: (Math.random() - 0.5) * 0.003,
    x: Math.random() * width,
    y: height + Math.random() * height * 0.2,
    radius: 40 + Math.random() * 70,
    growth: 0.04 + Math.random() * 0.07,
    rise: 0.12 + Math.random() * 0.25,
    drift: (Math.random() - 0.5) * 0.2,
    phase: Math.random() * Math.PI * 2,
    // Fresh puffs start part-way through their life so the first frame is not empty.
    age: isFresh ? Math.random() * life : 0,
    life,
  };
}

function step(puff: Puff, width: number, height: number): Puff {
  const age = puff.age + 1;
  if (age >= puff.life || puff.y + puff.radius < 0) return spawn(width, height, false);
  return {
    ...puff,
    age,
    angle: puff.angle + puff.spin,
    y: puff.y - puff.rise,
    x: puff.x + puff.drift + Math.sin(puff.phase + age / 90) * 0.35,
    radius: puff.radius + puff.growth,
  };
}

/**
 * An irregular cloud in the current theme's smoke colour: a cluster of soft blobs, so puffs look
 * like wisps rather than discs. A few variants are reused for every puff.
 */
function makeSprite(): HTMLCanvasElement {
  const rgb =
    getComputedStyle(document.documentElement).getPropertyValue('--aura-smoke-rgb').trim() ||
    '128, 128, 128';
  const sprite = document.createElement('canvas');
  sprite.width = sprite.height = SPRITE_SIZE;
  const context = sprite.getContext('2d');
  if (!context) return sprite;
  const centre = SPRITE_SIZE / 2;
  for (let i = 0; i < 20; i++) {
    const angle = Math.random() * Math.PI * 2;
    const distance = Math.random() * centre * 0.45;
    const x = centre + Math.cos(angle) * distance;
    const y = centre + Math.sin(angle) * distance * 0.7;
    const radius = centre * (0.25 + Math.random() * 0.3);
    const gradient = context.createRadialGradient(x, y, 0, x, y, radius);
    gradient.addColorStop(0, `rgba(${rgb}, 0.16)`);
    gradient.addColorStop(0.5, `rgba(${rgb}, 0.06)`);
    gradient.addColorStop(1, `rgba(${rgb}, 0)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, SPRITE_SIZE, SPRITE_SIZE);
  }
  return sprite;
}

const makeSprites = () => Array.from({ length: SPRITE_VARIANTS }, makeSprite);

/**
 * Decorative drifting smoke behind the page (pointer-events: none, aria-hidden). With
 * prefers-reduced-motion it draws one still frame instead of animating.
 */
export default function SmokeLayer() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const motion = matchMedia(REDUCED_MOTION);
    let sprites = makeSprites();
    let puffs: Puff[] = [];
    let frame = 0;

    const resize = () => {
      canvas.width = Math.max(1, Math.round(window.innerWidth * SCALE));
      canvas.height = Math.max(1, Math.round(window.innerHeight * SCALE));
      puffs = Array.from({ length: PUFF_COUNT }, () => spawn(canvas.width, canvas.height, true));
      puffs = puffs.map((puff) => ({ ...puff, y: Math.random() * canvas.height }));
    };

    const draw = () => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      for (const puff of puffs) {
        const fade = Math.sin((Math.PI * puff.age) / puff.life);
        // Denser near the floor, thinning out as it rises.
        const height = 0.3 + 0.7 * Math.min(1, Math.max(0, puff.y / canvas.height));
        context.globalAlpha = Math.max(0, fade) * height * PEAK_ALPHA;
        const sprite = sprites[puff.sprite];
        if (!sprite) continue;
        const size = puff.radius * 2;
        context.setTransform(1, 0, 0, 1, puff.x, puff.y);
        context.rotate(puff.angle);
        context.drawImage(sprite, -puff.radius, -puff.radius, size, size);
      }
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.globalAlpha = 1;
    };

    const tick = () => {
      puffs = puffs.map((puff) => step(puff, canvas.width, canvas.height));
      draw();
      frame = requestAnimationFrame(tick);
    };

    const start = () => {
      cancelAnimationFrame(frame);
      if (motion.matches) draw();
      else frame = requestAnimationFrame(tick);
    };

    // The smoke takes the theme's colour; redraw the sprites when the theme changes.
    const themeObserver = new MutationObserver(() => {
      sprites = makeSprites();
      if (motion.matches) draw();
    });
    themeObserver.observe(document.documentElement, { attributeFilter: ['data-theme'] });

    const onResize = () => {
      resize();
      start();
    };
    resize();
    start();
    window.addEventListener('resize', onResize);
    motion.addEventListener('change', start);
    return () => {
      cancelAnimationFrame(frame);
      themeObserver.disconnect();
      window.removeEventListener('resize', onResize);
      motion.removeEventListener('change', start);
    };
  }, []);

  return (
    <canvas ref={canvasRef} className="aura-smoke" aria-hidden="true" data-testid="smoke-layer" />
  );
}
