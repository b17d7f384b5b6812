import { useTranslation } from 'react-i18next';
import { useAiModels } from '../api/ai';

/**
 * Who answers in the assistant panel and the studio (issue 41): the built-in guide or a model,
 * said plainly. With the built-in guide it also says what the guide can do here and how the
 * server's operator connects a model (the settings of server/config.ts; docs/ai.md is not
 * served to the web, so the hint is here).
 */
export function AiProviderNotice({ where }: { where: 'chat' | 'studio' }) {
  const { t } = useTranslation();
  const models = useAiModels();
  if (!models.data) return null;
  const { provider, defaultModel } = models.data;
  if (provider !== 'builtin') {
    return (
      <p className="small aura-muted mb-2" data-testid="ai-provider">
        {t(`aiProvider.model.${provider}`, { model: defaultModel })}
      </p>
    );
  }
  return (
    <div className="small mb-2" data-testid="ai-provider">
      <p className="mb-1">
        <strong>{t('aiProvider.builtin.title')}</strong> {t(`aiProvider.builtin.${where}`)}
      </p>
      <details>
        <summary>{t('aiProvider.connect.summary')}</summary>
        <p className="mt-1 mb-1">{t('aiProvider.connect.intro')}</p>
        <ul className="mb-1 ps-3">
          <li>
            <code className="text-reset">AI_PROVIDER=ollama</code>,{' '}
            <code className="text-reset">OLLAMA_URL</code>,{' '}
            <code className="text-reset">AI_MODEL</code>: {t('aiProvider.connect.ollama')}
          </li>
          <li>
            <code className="text-reset">AI_PROVIDER=openai</code>,{' '}
            <code className="text-reset">OPENAI_BASE_URL</code>,{' '}
            <code className="text-reset">OPENAI_API_KEY</code>,{' '}
            <code className="text-reset">AI_MODEL</code>: {t('aiProvider.connect.openai')}
          </li>
        </ul>
        <p className="mb-0">
          <code className="text-reset">AI_MODELS</code>: {t('aiProvider.connect.more')}
        </p>
      </details>
    </div>
  );
}
