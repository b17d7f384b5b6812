import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CATEGORIES, subcategoriesOf } from '../../../../../common/catalog/categories';
import {
  EARLY_ACCESS_MAX_DAYS,
  parseEarlyAccessUntil,
} from '../../../../../common/rules/early-access';
import { TIERS } from '../../../../../common/rules/tiers';
import {
  addTag,
  CreateItemRequest,
  parsePublishAt,
  pwywTermsOf,
  UPLOAD_REQUIRED_FIELDS,
} from '../../../../../common/schemas/items';
import type { PwywTermsProblem } from '../../../../../common/rules/pay-what-you-want';
import type { MediaKind } from '../../../../../common/schemas/media';
import { RequestError } from '../../../shared/api/request';
import { subcategoryLabel } from './catalog-labels';
import { TagInput } from './TagInput';
import { MediaField } from './MediaField';
import { isoToLocalInput, localInputToIso, localTimeZone } from './publish-at';

export type ItemFormInput = z.input<typeof CreateItemRequest>;
type FormInput = ItemFormInput;

export const EMPTY_ITEM_FORM: FormInput = {
  title: '',
  description: '',
  price: '',
  image: '',
  audio: '',
  video: '',
  status: 'available',
  tags: [],
  category: '',
  subcategory: '',
  explicitContent: false,
  tierRequired: 'Aura',
  minPrice: null,
  suggestedPrice: '',
};

type Notice =
  | { kind: 'success'; itemId: number; scheduled: boolean }
  | { kind: 'required' }
  | { kind: 'publishAt' }
  | { kind: 'earlyAccess' }
  | { kind: 'pwyw'; code: PwywTermsProblem }
  | { kind: 'invalid'; fields: string[] }
  | { kind: 'failed'; reason: string };

/** Which notice a refused form gets: SPEC §5's message when a required field is missing. */
function noticeFor(errors: FieldErrors<FormInput>): Notice {
  const entries = Object.entries(errors);
  if (entries.some(([, error]) => error?.message === UPLOAD_REQUIRED_FIELDS)) {
    return { kind: 'required' };
  }
  return { kind: 'invalid', fields: entries.map(([field]) => field) };
}

interface ItemFormProps {
  /** What the form starts with: empty for a new item, the stored item when editing. */
  initial: FormInput;
  /** Saves the form and answers the item's id; a refusal throws (RequestError). */
  save(values: CreateItemRequest): Promise<number>;
  isSaving: boolean;
  /** A new item's form empties after a successful save; an edited one keeps what was saved. */
  resetsAfterSave: boolean;
  submitText: string;
  submittingText: string;
  /** Issue 42: the item may be scheduled instead of going on sale now. */
  schedulable?: boolean;
  /** A scheduled item's time, so that saving an edit keeps its schedule unless changed. */
  initialPublishAt?: string | null;
  /** Issue 42: until when a members-first item stays its members', so an edit keeps it. */
  initialEarlyAccessUntil?: string | null;
}

/**
 * The aura item form (SPEC §3 fields, SPEC §5 rules, SPEC §8 messages), for a new item on /upload
 * and for editing one (issue 10).
 */
export function ItemForm({
  initial,
  save,
  isSaving,
  resetsAfterSave,
  submitText,
  submittingText,
  schedulable = false,
  initialPublishAt = null,
  initialEarlyAccessUntil = null,
}: ItemFormProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyKinds, setBusyKinds] = useState<ReadonlySet<MediaKind>>(new Set());
  // Bumped after a successful save so the media pickers forget their finished uploads.
  const [formGeneration, setFormGeneration] = useState(0);
  const isUploading = busyKinds.size > 0;
  const [isScheduling, setIsScheduling] = useState(initialPublishAt !== null);
  const [localPublishAt, setLocalPublishAt] = useState(
    initialPublishAt === null ? '' : isoToLocalInput(initialPublishAt),
  );

  // Issue 43, "Let fans pay more": the price becomes the minimum, with a suggested amount.
  const [isPwyw, setIsPwyw] = useState(
    initial.minPrice !== null && initial.minPrice !== undefined && initial.minPrice !== '',
  );

  const [hasEarlyAccess, setHasEarlyAccess] = useState(initialEarlyAccessUntil !== null);
  const [localEarlyUntil, setLocalEarlyUntil] = useState(
    initialEarlyAccessUntil === null ? '' : isoToLocalInput(initialEarlyAccessUntil),
  );

  const { register, control, handleSubmit, watch, setValue, reset, formState } = useForm<
    FormInput,
    unknown,
    CreateItemRequest
  >({
    resolver: zodResolver(CreateItemRequest),
    defaultValues: initial,
  });
  const category = watch('category');
  // Issue 10: a "fill in the required fields" notice goes as soon as the form is valid again.
  const isFormValid = CreateItemRequest.safeParse(watch()).success;
  const shownNotice =
    notice && (notice.kind === 'required' || notice.kind === 'invalid') && isFormValid
      ? null
      : notice;
  const subcategories = subcategoriesOf(category);
  const { errors } = formState;

  const setBusy = useCallback((kind: MediaKind, isBusy: boolean) => {
    setBusyKinds((current) => {
      if (current.has(kind) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(kind);
      else next.delete(kind);
      return next;
    });
  }, []);

  const onValid = async (values: CreateItemRequest) => {
    setNotice(null);
    let publishAt: string | undefined;
    if (schedulable && isScheduling) {
      // The same rule the server applies (common/), asked before sending.
      const iso = localInputToIso(localPublishAt);
      if (!iso || !parsePublishAt(iso, new Date())) {
        setNotice({ kind: 'publishAt' });
        return;
      }
      publishAt = iso;
    }
    let earlyAccessUntil: string | null = null;
    const tier = values.tierRequired ?? 'Aura';
    if (hasEarlyAccess && tier !== 'Aura') {
      // The server's rule (common/rules/early-access.ts), asked before sending.
      const iso = localInputToIso(localEarlyUntil);
      const opensAt = publishAt ? new Date(publishAt) : new Date();
      if (!iso || typeof parseEarlyAccessUntil(iso, opensAt, tier) === 'string') {
        setNotice({ kind: 'earlyAccess' });
        return;
      }
      earlyAccessUntil = iso;
    }
    // The server's rule (common/), asked before sending: the price field is the minimum.
    const pwyw = isPwyw
      ? { minPrice: values.price, suggestedPrice: values.suggestedPrice ?? '' }
      : { minPrice: null, suggestedPrice: null };
    const terms = pwywTermsOf(pwyw);
    if (terms.problem) {
      setNotice({ kind: 'pwyw', code: terms.problem });
      return;
    }
    try {
      const itemId = await save({
        ...values,
        ...pwyw,
        publishAt,
        earlyAccessUntil,
        // Optional media left empty are not sent at all.
        audio: values.audio || undefined,
        video: values.video || undefined,
      });
      setNotice({ kind: 'success', itemId, scheduled: publishAt !== undefined });
      if (resetsAfterSave) {
        reset(EMPTY_ITEM_FORM);
        setFormGeneration((n) => n + 1);
        setIsScheduling(false);
        setLocalPublishAt('');
        setHasEarlyAccess(false);
        setLocalEarlyUntil('');
        setIsPwyw(false);
      } else {
        reset(values);
      }
    } catch (error) {
      // Deviation from SPEC §4: what the user typed is kept, so a failed save can be retried.
      if (error instanceof RequestError && error.message === UPLOAD_REQUIRED_FIELDS) {
        setNotice({ kind: 'required' });
      } else {
        setNotice({
          kind: 'failed',
          reason: error instanceof RequestError ? error.message : t('upload.savingFailed'),
        });
      }
    }
  };

  const fieldLabel = (field: string): string => {
    switch (field) {
      case 'price':
        return t('upload.priceLabel');
      case 'tags':
        return t('upload.tagsLabel');
      case 'subcategory':
        return t('upload.subcategoryLabel');
      case 'category':
        return t('upload.categoryLabel');
      case 'title':
        return t('upload.titleLabel');
      case 'description':
        return t('upload.descriptionLabel');
      default:
        return field;
    }
  };

  const noticeText = (current: Notice): string => {
    switch (current.kind) {
      case 'success':
        return current.scheduled ? t('upload.scheduledSuccess') : t('upload.uploadSuccess');
      case 'publishAt':
        return t('upload.publishAtInvalid');
      case 'earlyAccess':
        return t('upload.earlyAccessInvalid', { days: EARLY_ACCESS_MAX_DAYS });
      case 'pwyw':
        return t(`errors.${current.code}`);
      case 'required':
        return t('upload.requiredFields');
      case 'invalid':
        return t('upload.invalidFields', {
          fields: current.fields.map((field) => fieldLabel(field)).join(', '),
        });
      case 'failed':
        return `${t('upload.failedToSave')}: ${current.reason}`;
    }
  };

  return (
    <>
      <Form
        noValidate
        onSubmit={handleSubmit(onValid, (invalid) => setNotice(noticeFor(invalid)))}
        data-testid="upload-form"
      >
        <Form.Group className="mb-3" controlId="upload-title">
          <Form.Label>{t('upload.titleLabel')}</Form.Label>
          <Form.Control {...register('title')} isInvalid={!!errors.title} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="upload-description">
          <Form.Label>{t('upload.descriptionLabel')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            {...register('description')}
            isInvalid={!!errors.description}
          />
        </Form.Group>
        <Row>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId="upload-price">
              <Form.Label>
                {isPwyw ? t('upload.pwywMinimumLabel') : t('upload.priceLabel')}
              </Form.Label>
              <Form.Control
                inputMode="decimal"
                autoComplete="off"
                {...register('price')}
                isInvalid={!!errors.price || shownNotice?.kind === 'pwyw'}
                aria-describedby="upload-price-help"
              />
              <Form.Text id="upload-price-help">
                {isPwyw ? t('upload.pwywMinimumHelp') : t('upload.priceHelp')}
              </Form.Text>
            </Form.Group>
            <Form.Group className="mb-3" data-testid="upload-pwyw">
              <Form.Check
                type="switch"
                id="upload-pwyw"
                label={t('upload.pwywLabel')}
                checked={isPwyw}
                onChange={(event) => setIsPwyw(event.target.checked)}
              />
              {isPwyw && (
                <Form.Group className="mt-2" controlId="upload-suggested-price">
                  <Form.Label>{t('upload.pwywSuggestedLabel')}</Form.Label>
                  <Form.Control
                    inputMode="decimal"
                    autoComplete="off"
                    {...register('suggestedPrice')}
                    isInvalid={shownNotice?.kind === 'pwyw'}
                    aria-describedby="upload-suggested-price-help"
                  />
                  <Form.Text id="upload-suggested-price-help">
                    {t('upload.pwywSuggestedHelp')}
                  </Form.Text>
                </Form.Group>
              )}
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId="upload-status">
              <Form.Label>{t('upload.statusLabel')}</Form.Label>
              <Form.Select {...register('status')}>
                <option value="available">{t('upload.statusAvailable')}</option>
                <option value="unavailable">{t('upload.statusUnavailable')}</option>
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
        <Row>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId="upload-category">
              <Form.Label>{t('upload.categoryLabel')}</Form.Label>
              <Form.Select
                {...register('category', {
                  // SPEC §5: choosing a category resets the subcategory.
                  onChange: () => setValue('subcategory', ''),
                })}
                isInvalid={!!errors.category}
              >
                <option value="">{t('upload.categoryPlaceholder')}</option>
                {CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t(`categories.${c.id}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6}>
            {/* SPEC §5: the subcategory selector appears only once a category is chosen. */}
            {category && (
              <Form.Group className="mb-3" controlId="upload-subcategory">
                <Form.Label>{t('upload.subcategoryLabel')}</Form.Label>
                <Form.Select {...register('subcategory')} isInvalid={!!errors.subcategory}>
                  <option value="">{t('upload.subcategoryPlaceholder')}</option>
                  {subcategories.map((s) => (
                    <option key={s} value={s}>
                      {subcategoryLabel(t, category, s)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            )}
          </Col>
        </Row>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagInput
              tags={field.value ?? []}
              addTag={addTag}
              onChange={field.onChange}
              label={t('upload.tagsLabel')}
              help={t('upload.tagsHelp')}
              isInvalid={!!errors.tags}
            />
          )}
        />
        <Row>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId="upload-tier">
              <Form.Label>{t('upload.tierLabel')}</Form.Label>
              <Form.Select {...register('tierRequired')} aria-describedby="upload-tier-help">
                {TIERS.map((tier) => (
                  <option key={tier} value={tier}>
                    {t(`upload.tierOptions.${tier}`)}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="upload-tier-help">{t('upload.tierHelp')}</Form.Text>
            </Form.Group>
          </Col>
          <Col sm={6} className="d-flex align-items-center">
            <Form.Group className="mb-3" controlId="upload-explicit">
              <Form.Check
                type="switch"
                label={t('upload.explicitLabel')}
                {...register('explicitContent')}
              />
            </Form.Group>
          </Col>
        </Row>
        {watch('tierRequired') !== 'Aura' && (
          <Form.Group className="mb-3" data-testid="upload-early-access">
            <Form.Check
              type="switch"
              id="upload-early-access"
              label={t('upload.earlyAccessLabel')}
              checked={hasEarlyAccess}
              onChange={(event) => setHasEarlyAccess(event.target.checked)}
            />
            {hasEarlyAccess && (
              <div className="d-flex align-items-center gap-2 mt-2">
                <Form.Control
                  type="datetime-local"
                  style={{ maxWidth: 260 }}
                  value={localEarlyUntil}
                  onChange={(event) => setLocalEarlyUntil(event.target.value)}
                  isInvalid={shownNotice?.kind === 'earlyAccess'}
                  aria-label={t('upload.earlyAccessLabel')}
                  aria-describedby="upload-early-access-help"
                />
                <Form.Text id="upload-early-access-help" className="mt-0">
                  {t('upload.earlyAccessHelp', { zone: localTimeZone() })}
                </Form.Text>
              </div>
            )}
          </Form.Group>
        )}
        {schedulable && (
          <fieldset className="mb-3" data-testid="upload-schedule">
            <legend className="form-label fs-6">{t('upload.whenLabel')}</legend>
            <Form.Check
              inline
              type="radio"
              id="upload-publish-now"
              name="upload-when"
              label={t('upload.publishNow')}
              checked={!isScheduling}
              onChange={() => setIsScheduling(false)}
            />
            <Form.Check
              inline
              type="radio"
              id="upload-publish-schedule"
              name="upload-when"
              label={t('upload.publishSchedule')}
              checked={isScheduling}
              onChange={() => setIsScheduling(true)}
            />
            {isScheduling && (
              <Form.Group className="mt-2" controlId="upload-publish-at">
                <Form.Label>{t('upload.publishAtLabel')}</Form.Label>
                <div className="d-flex align-items-center gap-2">
                  <Form.Control
                    type="datetime-local"
                    style={{ maxWidth: 260 }}
                    value={localPublishAt}
                    onChange={(event) => setLocalPublishAt(event.target.value)}
                    isInvalid={shownNotice?.kind === 'publishAt'}
                    aria-describedby="upload-publish-at-zone"
                  />
                  <Form.Text id="upload-publish-at-zone" className="mt-0">
                    {t('upload.publishAtZone', { zone: localTimeZone() })}
                  </Form.Text>
                </div>
              </Form.Group>
            )}
          </fieldset>
        )}
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <MediaField
              key={`image-${formGeneration}`}
              kind="image"
              label={t('upload.imageLabel')}
              failureText={(reason) => t('upload.uploadFailed', { reason })}
              value={field.value}
              onChange={field.onChange}
              onBusyChange={setBusy}
              isInvalid={!!fieldState.error}
            />
          )}
        />
        <Controller
          control={control}
          name="audio"
          render={({ field }) => (
            <MediaField
              key={`audio-${formGeneration}`}
              kind="audio"
              label={t('upload.audioLabel')}
              failureText={(reason) => t('upload.audioUploadFailed', { reason })}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBusyChange={setBusy}
            />
          )}
        />
        <Controller
          control={control}
          name="video"
          render={({ field }) => (
            <MediaField
              key={`video-${formGeneration}`}
              kind="video"
              label={t('upload.videoLabel')}
              failureText={(reason) => t('upload.videoUploadFailed', { reason })}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBusyChange={setBusy}
            />
          )}
        />
        {shownNotice && (
          <Alert
            variant={shownNotice.kind === 'success' ? 'success' : 'danger'}
            role={shownNotice.kind === 'success' ? 'status' : 'alert'}
            data-testid="upload-message"
          >
            {noticeText(shownNotice)}
            {shownNotice.kind === 'success' && (
              <>
                {' '}
                <Link to={`/product/${shownNotice.itemId}`} className="alert-link">
                  {t('upload.viewItem')}
                </Link>
              </>
            )}
          </Alert>
        )}
        {isUploading && (
          <p className="small text-muted" role="status">
            {t('upload.waitForUploads')}
          </p>
        )}
        <Button type="submit" disabled={isSaving || isUploading}>
          {isSaving ? submittingText : submitText}
        </Button>
      </Form>
    </>
  );
}
