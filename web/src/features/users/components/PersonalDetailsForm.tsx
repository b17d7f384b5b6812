import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PERSONAL_TEXT_MAX } from '../../../../../common/rules/personal-details';
import { UpdateAccountRequest } from '../../../../../common/schemas/account';
import { useUpdateAccount } from '../api/account';
import { RequestError } from '../../../shared/api/request';
import { ImageUploadField } from '../../profiles/components/ImageUploadField';
import { refusedField, useSettingsMessage } from '../../profiles/components/settings-messages';
import { SettingsTextField } from '../../profiles/components/SettingsTextField';
import { useBusyUploads } from '../../profiles/components/useBusyUploads';
import { detailsFormOf } from './account-settings-forms';

type DetailsForm = UpdateAccountRequest;

/** The personal fields of the SPEC §3 profile (profileCompletion counts ten of them). */
export function PersonalDetailsForm({ defaults }: { defaults: DetailsForm }) {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const update = useUpdateAccount();
  const uploads = useBusyUploads();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<DetailsForm, unknown, UpdateAccountRequest>({
    resolver: zodResolver(UpdateAccountRequest),
    defaultValues: defaults,
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      form.reset(detailsFormOf(await update.mutateAsync(values)));
      setNotice({ ok: true, text: t('accountSettings.details.saved') });
    } catch (error) {
      const reason = error instanceof RequestError ? error.message : t('accountSettings.failed');
      const field = refusedField(error);
      if (field) form.setError(field as Path<DetailsForm>, { message: reason });
      setNotice({ ok: false, text: message(reason) ?? reason });
    }
  });

  const text = (
    name: Path<DetailsForm>,
    options: { max?: number; rows?: number; type?: 'text' | 'url' | 'date' | 'tel' } = {},
  ) => (
    <SettingsTextField
      form={form}
      name={name}
      id={`account-${name}`}
      label={t(
        `accountSettings.details.${name as Exclude<keyof DetailsForm, 'newsletter' | 'shareEmailWithCreators' | 'avatar'>}`,
      )}
      maxLength={options.max}
      rows={options.rows}
      type={options.type}
    />
  );

  return (
    <section className="card shadow-sm" aria-labelledby="account-details-title">
      <Form noValidate onSubmit={submit} className="card-body" data-testid="account-details-form">
        <h2 id="account-details-title" className="h5">
          {t('accountSettings.details.title')}
        </h2>
        <div className="row row-cols-1 row-cols-md-2">
          <div className="col">{text('givenName', { max: PERSONAL_TEXT_MAX.givenName })}</div>
          <div className="col">{text('familyName', { max: PERSONAL_TEXT_MAX.familyName })}</div>
          <div className="col">{text('displayName', { max: PERSONAL_TEXT_MAX.displayName })}</div>
          <div className="col">{text('birthDate', { type: 'date' })}</div>
          <div className="col">
            {text('phoneNumber', { type: 'tel', max: PERSONAL_TEXT_MAX.phoneNumber })}
          </div>
          <div className="col">{text('location', { max: PERSONAL_TEXT_MAX.location })}</div>
          <div className="col">{text('gender', { max: PERSONAL_TEXT_MAX.gender })}</div>
          <div className="col">{text('website', { type: 'url' })}</div>
        </div>
        {text('bio', { rows: 3, max: PERSONAL_TEXT_MAX.bio })}
        <Controller
          control={form.control}
          name="avatar"
          render={({ field, fieldState }) => (
            <ImageUploadField
              id="avatar"
              label={t('accountSettings.details.avatar')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBusyChange={uploads.report}
              previewAlt={t('accountSettings.details.avatarAlt')}
              previewStyle={{ width: 96, height: 96, borderRadius: '50%' }}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Form.Group className="mb-3">
          <Form.Check
            id="account-newsletter"
            type="switch"
            label={t('accountSettings.details.newsletter')}
            {...form.register('newsletter')}
          />
        </Form.Group>
        <Form.Group className="mb-3">
          <Form.Check
            id="account-share-email"
            type="switch"
            label={t('accountSettings.details.shareEmailWithCreators')}
            {...form.register('shareEmailWithCreators')}
          />
          <Form.Text>{t('accountSettings.details.shareEmailWithCreatorsHelp')}</Form.Text>
        </Form.Group>
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            data-testid="account-details-notice"
          >
            {notice.ok ? notice.text : t('accountSettings.saveFailed', { reason: notice.text })}
          </Alert>
        )}
        <Button type="submit" disabled={update.isPending || uploads.isUploading}>
          {t('accountSettings.details.save')}
        </Button>
      </Form>
    </section>
  );
}
