import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../items/components/Avatar';
import { useDragScroll } from './useDragScroll';

export interface SpotlightCard {
  id: string;
  name: string;
  subtitle: string;
  imageUrl: string | null;
}

/** Wide enough that six cards overflow the discover page's container, which the drag scrolls. */
const CARD_WIDTH_PX = 240;
/** How far one arrow key press moves the slider. */
const KEY_STEP_PX = 200;

/**
 * SPEC §2: a horizontal spotlight of creators, draggable with mouse, pen or touch (1.5x speed,
 * SPEC §9) and scrollable from the keyboard once focused; each card opens /hypr/{id}.
 */
export function SpotlightSlider({ creators }: { creators: SpotlightCard[] }) {
  const { t } = useTranslation();
  const { ref, handlers } = useDragScroll<HTMLDivElement>();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const el = ref.current;
    if (!el || event.target !== el) return;
    const step =
      event.key === 'ArrowRight' ? KEY_STEP_PX : event.key === 'ArrowLeft' ? -KEY_STEP_PX : 0;
    if (event.key === 'Home') el.scrollTo({ left: 0 });
    else if (event.key === 'End') el.scrollTo({ left: el.scrollWidth });
    else if (step) el.scrollBy({ left: step });
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={ref}
      role="region"
      aria-label={t('discover.spotlight')}
      tabIndex={0}
      className="d-flex gap-3 overflow-auto pb-2 user-select-none"
      // pan-y leaves vertical page scrolling to the browser and hands horizontal touch moves to
      // the pointer handlers, so touch drags at the same 1.5x speed as a mouse.
      style={{ touchAction: 'pan-y', cursor: 'grab', scrollbarWidth: 'thin' }}
      data-testid="spotlight"
      onKeyDown={onKeyDown}
      {...handlers}
    >
      {creators.map((creator) => (
        <Link
          key={creator.id}
          to={`/hypr/${creator.id}`}
          className="card text-decoration-none flex-shrink-0 text-center p-3"
          style={{ width: CARD_WIDTH_PX }}
          draggable={false}
        >
          <Avatar src={creator.imageUrl} name={creator.name} size={120} className="mx-auto mb-2" />
          <span className="fw-semibold text-truncate d-block">{creator.name}</span>
          <span className="small text-muted text-truncate d-block">{creator.subtitle}</span>
        </Link>
      ))}
    </div>
  );
}
