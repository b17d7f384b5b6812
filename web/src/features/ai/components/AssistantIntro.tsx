import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AiProviderNotice } from './AiProviderNotice';
import { STUDIO_MODES } from '../../../../../common/schemas/ai';

/** SPEC §2: the intro card with a button to each studio mode. */
export function AssistantIntro({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card mb-3" aria-labelledby="assistant-intro-title">
      <div className="card-body p-3">
        <h3 id="assistant-intro-title" className="h6">
          {t('chatbot.introTitle')}
        </h3>
        <AiProviderNotice where="chat" />
        <p className="small mb-2">{t('chatbot.intro')}</p>
        <div className="d-flex flex-wrap gap-2">
          {STUDIO_MODES.map((mode) => (
            <Link
              key={mode}
              to={`/studio?mode=${mode}`}
              className="btn btn-sm btn-outline-primary"
              onClick={onLeave}
            >
              {t(`studio.tabs.${mode}`)}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
