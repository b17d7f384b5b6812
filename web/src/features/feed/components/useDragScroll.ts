import {
  useCallback,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

/** SPEC §9: the spotlight moves 1.5 times as far as the pointer. */
export const DRAG_SPEED = 1.5;
/** Below this many pixels a press is a click (the card link still works), above it a drag. */
const CLICK_SLOP_PX = 5;

/**
 * Horizontal drag-to-scroll with pointer events, so mouse, pen and touch share one path.
 * Returns handlers for the scroll container and a click guard that swallows the click that
 * ends a drag (otherwise releasing over a card would open it).
 */
export function useDragScroll<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const drag = useRef<{ pointerId: number; startX: number; startScroll: number; moved: boolean }>(
    null,
  );
  const suppressClick = useRef(false);

  const onPointerDown = useCallback((event: ReactPointerEvent<T>) => {
    const el = ref.current;
    if (!el || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startScroll: el.scrollLeft,
      moved: false,
    };
    suppressClick.current = false;
  }, []);

  const onPointerMove = useCallback((event: ReactPointerEvent<T>) => {
    const el = ref.current;
    const state = drag.current;
    if (!el || !state || state.pointerId !== event.pointerId) return;
    const dx = event.clientX - state.startX;
    if (!state.moved && Math.abs(dx) > CLICK_SLOP_PX) {
      state.moved = true;
      // Capture only once it is a drag, so a plain click still reaches the link under it.
      // A pointer the browser no longer tracks cannot be captured; the drag works without it.
      try {
        el.setPointerCapture(event.pointerId);
      } catch {
        // keep dragging uncaptured
      }
    }
    if (state.moved) {
      event.preventDefault();
      el.scrollLeft = state.startScroll - dx * DRAG_SPEED;
    }
  }, []);

  const endDrag = useCallback((event: ReactPointerEvent<T>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    suppressClick.current = state.moved;
    if (ref.current?.hasPointerCapture(event.pointerId)) {
      ref.current.releasePointerCapture(event.pointerId);
    }
    drag.current = null;
  }, []);

  const onClickCapture = useCallback((event: ReactMouseEvent<T>) => {
    if (suppressClick.current) {
      event.preventDefault();
      event.stopPropagation();
      suppressClick.current = false;
    }
  }, []);

  return {
    ref,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onClickCapture,
    },
  };
}
