import { useEffect, useRef } from 'react';

interface Puff {
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

const PUFF_COUNT = 28;
const PEAK_ALPHA = 0.28;
// Drawn at half resolution: smoke is soft anyway, and it halves the fill cost.
const SCALE = 0.5;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function spawn(width: number, height: number, isFresh: boolean): Puff {
  const life = 700 + Math.random() * 700;
  return {
    x: Math.random() * width,
    y: height + Math.random() * height * 0.15,
    radius: 30 + Math.random() * 50,
    growth: 0.05 + Math.random() * 0.08,
    rise: 0.15 + Math.random() * 0.3,
    drift: (Math.random() - 0.5) * 0.25,
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
    y: puff.y - puff.rise,
    x: puff.x + puff.drift + Math.sin(puff.phase + age / 90) * 0.35,
    radius: puff.radius + puff.growth,
  };
}

/** A soft radial blob in the current theme's smoke colour, reused for every puff. */
function makeSprite(): HTMLCanvasElement {
  const rgb =
    getComputedStyle(document.documentElement).getPropertyValue('--aura-smoke-rgb').trim() ||
    '128, 128, 128';
  const sprite = document.createElement('canvas');
  sprite.width = sprite.height = 128;
  const context = sprite.getContext('2d');
  if (context) {
    const gradient = context.createRadialGradient(64, 64, 0, 64, 64, 64);
    gradient.addColorStop(0, `rgba(${rgb}, 0.55)`);
    gradient.addColorStop(0.45, `rgba(${rgb}, 0.22)`);
    gradient.addColorStop(1, `rgba(${rgb}, 0)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, 128, 128);
  }
  return sprite;
}

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
    let sprite = makeSprite();
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
        context.globalAlpha = Math.max(0, fade) * PEAK_ALPHA;
        const size = puff.radius * 2;
        context.drawImage(sprite, puff.x - puff.radius, puff.y - puff.radius, size, size);
      }
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

    // The smoke takes the theme's colour; redraw the sprite when the theme changes.
    const themeObserver = new MutationObserver(() => {
      sprite = makeSprite();
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
