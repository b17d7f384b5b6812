import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StudioMode } from '../../../../../common/schemas/ai';
import { AiProviderNotice } from '../components/AiProviderNotice';
import { studioModeOf } from '../components/studio-mode';
import { PANEL_ID, StudioTabs, tabId } from '../components/StudioTabs';
import { StudioWorkspace } from '../components/StudioWorkspace';

/** SPEC §2 /studio?mode=prompt|visual|draft: three tabs; a switch replaces the history entry. */
export default function StudioPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = studioModeOf(params.get('mode'));
  const select = (next: StudioMode) => {
    if (next !== mode) void setParams({ mode: next }, { replace: true });
  };
  return (
    <main className="container py-5 aura-narrow">
      <h1>{t('studio.title')}</h1>
      <p className="lead">{t('studio.intro')}</p>
      <AiProviderNotice where="studio" />
      <StudioTabs mode={mode} onSelect={select} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(mode)}>
        {/* A fresh workspace per mode: SPEC §4, a mode change clears input, error and loading. */}
        <StudioWorkspace key={mode} mode={mode} />
      </div>
    </main>
  );
}
