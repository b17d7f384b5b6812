import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { draftFromLines, type UploadDraft } from '../../../../../common/rules/ai-draft';

export type StudioOutcome =
  | { kind: 'lines'; lines: string[] }
  | { kind: 'image'; url: string; text: string }
  | { kind: 'error'; key: 'studio.errorGenerating' | 'studio.noResponse' };

/**
 * SPEC §4: prompt and draft results as bullet points, visual as the placeholder image. A result
 * can be copied or taken to /upload as the new item's draft.
 */
export function StudioResult({ outcome }: { outcome: StudioOutcome }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [copyNotice, setCopyNotice] = useState<'studio.copied' | 'studio.copyFailed' | null>(null);

  if (outcome.kind === 'error') {
    return (
      <p className="alert alert-warning mb-0" role="alert" data-testid="studio-result-error">
        {t(outcome.key)}
      </p>
    );
  }

  const text = outcome.kind === 'lines' ? outcome.lines.join('\n') : outcome.text;
  const draft: UploadDraft =
    outcome.kind === 'lines'
      ? draftFromLines(outcome.lines)
      : { title: outcome.text, description: '', tags: [] };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyNotice('studio.copied');
    } catch {
      setCopyNotice('studio.copyFailed');
    }
  };

  return (
    <div data-testid="studio-result">
      {outcome.kind === 'lines' ? (
        <ul className="mb-3">
          {outcome.lines.map((line, index) => (
            <li key={`${index}-${line}`}>{line}</li>
          ))}
        </ul>
      ) : (
        <img
          src={outcome.url}
          alt={t('studio.imageAlt', { text: outcome.text })}
          className="img-fluid rounded mb-3 d-block"
          width={640}
          height={400}
        />
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          {t('studio.copy')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void navigate('/upload', { state: { draft } })}
        >
          {t('studio.toUpload')}
        </button>
        {outcome.kind === 'image' && (
          <a
            className="btn btn-outline-secondary"
            href={outcome.url}
            download="aura-placeholder.png"
          >
            {t('studio.download')}
          </a>
        )}
        {copyNotice && (
          <span className="small aura-muted" role="status">
            {t(copyNotice)}
          </span>
        )}
      </div>
    </div>
  );
}
