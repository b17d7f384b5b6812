import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '../../../../../common/catalog/categories';
import {
  ChatResponse,
  placeholderPath,
  STUDIO_PARAMETERS,
  type AssistantLanguage,
  type StudioMode,
} from '../../../../../common/schemas/ai';
import { resultLines } from '../../../../../common/rules/ai-reply';
import { isTier, TIERS, type Tier } from '../../../../../common/rules/tiers';
import { parsePriceToCents } from '../../../../../common/schemas/billing';
import {
  ITEM_TAG_MAX_LENGTH,
  ITEM_TAGS_MAX,
  normalizeTags,
} from '../../../../../common/schemas/items';
import { useAiModels, useStudioGeneration } from '../api/ai';
import { StudioResult, type StudioOutcome } from './StudioResult';
import { isLongEnough } from './studio-mode';

/** What the creator said of the item besides the idea; a field left empty is not sent. */
function itemFields(tags: string, tier: Tier | '', price: string) {
  const tagList = normalizeTags(tags.split(',')).slice(0, ITEM_TAGS_MAX);
  const priceCents = price.trim() === '' ? null : parsePriceToCents(price);
  return {
    ...(tagList.length > 0 && { tags: tagList.map((tag) => tag.slice(0, ITEM_TAG_MAX_LENGTH)) }),
    ...(tier && { tier }),
    ...(priceCents !== null && { priceCents }),
  };
}

/** Loads an image before it is shown, so the loading state lasts exactly as long as the call. */
function preloadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`image failed: ${url}`));
    image.src = url;
  });
}

/**
 * One studio tab (SPEC §4/§5): input of at least 3 trimmed characters, Ctrl/Cmd+Enter submits
 * when valid and not loading, and the result shows only while the input is long enough and
 * nothing loads. Switching tabs mounts a fresh one, which clears input, error and loading.
 */
export function StudioWorkspace({ mode }: { mode: StudioMode }) {
  const { t, i18n } = useTranslation();
  const models = useAiModels();
  const generate = useStudioGeneration();
  const [input, setInput] = useState('');
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState('');
  const [tier, setTier] = useState<Tier | ''>('');
  const [price, setPrice] = useState('');
  const [model, setModel] = useState('');
  const [isTooShort, setTooShort] = useState(false);
  const [isImageLoading, setImageLoading] = useState(false);
  const [outcome, setOutcome] = useState<StudioOutcome | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const isLoading = generate.isPending || isImageLoading;
  const isPriceInvalid = price.trim() !== '' && parsePriceToCents(price) === null;
  const modelNames = models.data?.models ?? [];

  const generateText = async (text: string) => {
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const answer = await generate.mutateAsync({
        body: {
          message: text,
          mode,
          language: i18n.language as AssistantLanguage,
          category: category || undefined,
          ...itemFields(tags, tier, price),
          model: model || models.data?.defaultModel,
          ...STUDIO_PARAMETERS,
          stream: false,
        },
        signal: controller.signal,
      });
      const parsed = ChatResponse.safeParse(answer);
      const lines = parsed.success ? resultLines(parsed.data.response) : [];
      setOutcome(
        lines.length > 0 ? { kind: 'lines', lines } : { kind: 'error', key: 'studio.noResponse' },
      );
    } catch {
      if (!controller.signal.aborted) setOutcome({ kind: 'error', key: 'studio.errorGenerating' });
    }
  };

  const generateImage = async (text: string) => {
    const url = placeholderPath(text);
    setImageLoading(true);
    try {
      await preloadImage(url);
      setOutcome({ kind: 'image', url, text });
    } catch {
      setOutcome({ kind: 'error', key: 'studio.errorGenerating' });
    } finally {
      setImageLoading(false);
    }
  };

  const submit = () => {
    if (isLoading) return;
    if (!isLongEnough(input)) {
      setTooShort(true);
      return;
    }
    if (isPriceInvalid) return;
    setTooShort(false);
    setOutcome(null);
    const text = input.trim();
    void (mode === 'visual' ? generateImage(text) : generateText(text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const showsResult = outcome !== null && isLongEnough(input) && !isLoading;
  return (
    <>
      <p className="aura-muted">{t(`studio.hints.${mode}`)}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="mb-3">
          <label htmlFor="studio-input" className="form-label">
            {t('studio.inputLabel')}
          </label>
          <textarea
            id="studio-input"
            className={`form-control${isTooShort ? ' is-invalid' : ''}`}
            rows={4}
            maxLength={2000}
            value={input}
            placeholder={t('studio.placeholder')}
            aria-invalid={isTooShort}
            aria-describedby={isTooShort ? 'studio-input-error' : undefined}
            onChange={(event) => {
              setInput(event.target.value);
              if (isTooShort && isLongEnough(event.target.value)) setTooShort(false);
            }}
            onKeyDown={onKeyDown}
          />
          {isTooShort && (
            <div id="studio-input-error" className="invalid-feedback d-block" role="alert">
              {t('studio.error.tooShort')}
            </div>
          )}
        </div>
        <div className="row g-3 mb-3">
          {mode !== 'visual' && (
            <div className="col-sm-6">
              <label htmlFor="studio-category" className="form-label">
                {t('studio.categoryLabel')}
              </label>
              <select
                id="studio-category"
                className="form-select"
                value={category}
                onChange={(event) => setCategory(event.target.value)}
              >
                <option value="">{t('studio.anyCategory')}</option>
                {CATEGORIES.map((each) => (
                  <option key={each.id} value={each.id}>
                    {t(`categories.${each.id}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {mode !== 'visual' && (
            <div className="col-sm-6">
              <label htmlFor="studio-tags" className="form-label">
                {t('studio.tagsLabel')}
              </label>
              <input
                id="studio-tags"
                className="form-control"
                value={tags}
                maxLength={400}
                onChange={(event) => setTags(event.target.value)}
              />
            </div>
          )}
          {mode !== 'visual' && (
            <div className="col-sm-6">
              <label htmlFor="studio-tier" className="form-label">
                {t('studio.tierLabel')}
              </label>
              <select
                id="studio-tier"
                className="form-select"
                value={tier}
                onChange={(event) => setTier(isTier(event.target.value) ? event.target.value : '')}
              >
                <option value="">{t('studio.anyTier')}</option>
                {TIERS.map((each) => (
                  <option key={each}>{each}</option>
                ))}
              </select>
            </div>
          )}
          {mode !== 'visual' && (
            <div className="col-sm-6">
              <label htmlFor="studio-price" className="form-label">
                {t('studio.priceLabel')}
              </label>
              <input
                id="studio-price"
                className={`form-control${isPriceInvalid ? ' is-invalid' : ''}`}
                inputMode="decimal"
                value={price}
                maxLength={12}
                aria-invalid={isPriceInvalid}
                aria-describedby={isPriceInvalid ? 'studio-price-error' : undefined}
                onChange={(event) => setPrice(event.target.value)}
              />
              {isPriceInvalid && (
                <div id="studio-price-error" className="invalid-feedback d-block">
                  {t('studio.priceInvalid')}
                </div>
              )}
            </div>
          )}
          {mode !== 'visual' && modelNames.length > 1 && (
            <div className="col-sm-6">
              <label htmlFor="studio-model" className="form-label">
                {t('studio.modelLabel')}
              </label>
              <select
                id="studio-model"
                className="form-select"
                value={model || models.data?.defaultModel}
                onChange={(event) => setModel(event.target.value)}
              >
                {modelNames.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {t('studio.generate')}
        </button>
      </form>
      {isLoading && (
        <p className="mt-3 mb-0" role="status" data-testid="studio-loading">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {t('studio.loading')}
        </p>
      )}
      {showsResult && (
        <section className="card mt-4" aria-labelledby="studio-result-title">
          <div className="card-body">
            <h2 id="studio-result-title" className="h5">
              {t('studio.resultTitle')}
            </h2>
            <StudioResult outcome={outcome} />
          </div>
        </section>
      )}
    </>
  );
}
