import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDIO_MODES, type StudioMode } from '../../../../../common/schemas/ai';

export const tabId = (mode: StudioMode) => `studio-tab-${mode}`;
export const PANEL_ID = 'studio-panel';

/** SPEC §2: the three tabs; arrow keys move between them as in any tab list. */
export function StudioTabs({
  mode,
  onSelect,
}: {
  mode: StudioMode;
  onSelect: (mode: StudioMode) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<StudioMode, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = STUDIO_MODES.indexOf(mode);
    const next = STUDIO_MODES[(index + step + STUDIO_MODES.length) % STUDIO_MODES.length]!;
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="nav nav-tabs mb-3" role="tablist" aria-label={t('studio.tabsLabel')}>
      {STUDIO_MODES.map((each) => (
        <button
          key={each}
          ref={(element) => {
            refs.current[each] = element;
          }}
          type="button"
          role="tab"
          id={tabId(each)}
          className={`nav-link${each === mode ? ' active' : ''}`}
          aria-selected={each === mode}
          aria-controls={PANEL_ID}
          tabIndex={each === mode ? 0 : -1}
          onClick={() => onSelect(each)}
          onKeyDown={onKeyDown}
        >
          {t(`studio.tabs.${each}`)}
        </button>
      ))}
    </div>
  );
}
