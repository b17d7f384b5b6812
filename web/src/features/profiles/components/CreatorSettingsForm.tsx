import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PROFILE_SIZE_MAX,
  PROFILE_SIZE_MIN,
  PROFILE_TEXT_MAX,
} from '../../../../../common/rules/creator-profile';
import { UpdateCreatorProfileRequest } from '../../../../../common/schemas/creator-profile';
import { useSaveCreatorProfile } from '../api/creator-profiles';
import { RequestError } from '../../../shared/api/request';
import { ImageUploadField } from './ImageUploadField';
import { refusedField, useSettingsMessage } from './settings-messages';
import { useBusyUploads } from './useBusyUploads';
import { AuraCardsEditor } from './AuraCardsEditor';
import { GalleryEditor } from './GalleryEditor';
import { LinksFieldset } from './LinksFieldset';
import { PromoVideoField } from './PromoVideoField';
import { settingsFormOf, type SettingsForm, type SettingsValues } from './settings-form';
import { SettingsTextField } from './SettingsTextField';

type Notice = { kind: 'saved' } | { kind: 'invalid' } | { kind: 'failed'; reason: string };

/**
 * The creator profile editor: every SPEC §3 field, resolved with the server's own request
 * schema and checked on every change (so a bad link is flagged as it is typed). Saving sends it
 * to the server; a refusal keeps everything typed and marks the field the server named.
 */
export function CreatorSettingsForm({
  username,
  defaults,
}: {
  username: string;
  defaults: SettingsForm;
}) {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const save = useSaveCreatorProfile();
  const uploads = useBusyUploads();
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<SettingsForm, unknown, SettingsValues>({
    resolver: zodResolver(UpdateCreatorProfileRequest),
    defaultValues: defaults,
    mode: 'onChange',
  });
  const profileSize = useWatch({ control: form.control, name: 'profileSize' });

  const onValid = async (values: SettingsValues) => {
    setNotice(null);
    try {
      const answer = await save.mutateAsync(values);
      // The stored profile from here on (e.g. a new picture is kept as its preview).
      form.reset(settingsFormOf(answer));
      setNotice({ kind: 'saved' });
    } catch (error) {
      // What was typed stays; the field the server named is marked.
      const reason = error instanceof RequestError ? error.message : t('creatorSettings.failed');
      const field = refusedField(error);
      if (field) form.setError(field as Path<SettingsForm>, { message: reason });
      setNotice({ kind: 'failed', reason: message(reason) ?? reason });
    }
  };

  return (
    <Form
      noValidate
      onSubmit={form.handleSubmit(onValid, () => setNotice({ kind: 'invalid' }))}
      data-testid="creator-settings-form"
    >
      <fieldset className="mb-4">
        <legend className="h5">{t('creatorSettings.sections.identity')}</legend>
        <SettingsTextField
          form={form}
          name="displayName"
          id="settings-display-name"
          label={t('creatorSettings.displayName')}
          maxLength={PROFILE_TEXT_MAX.displayName}
        />
        <SettingsTextField
          form={form}
          name="auraStatus"
          id="settings-aura-status"
          label={t('creatorSettings.auraStatus')}
          hint={t('creatorSettings.auraStatusHelp')}
          maxLength={PROFILE_TEXT_MAX.auraStatus}
        />
        <SettingsTextField
          form={form}
          name="bio"
          id="settings-bio"
          label={t('creatorSettings.bio')}
          rows={4}
          maxLength={PROFILE_TEXT_MAX.bio}
        />
        <Controller
          control={form.control}
          name="profileImage"
          render={({ field, fieldState }) => (
            <ImageUploadField
              id="profileImage"
              label={t('creatorSettings.profileImage')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBusyChange={uploads.report}
              previewAlt={t('creatorSettings.profileImageAlt')}
              previewStyle={{ width: 120, height: 120, borderRadius: '50%' }}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Form.Group className="mb-3" controlId="settings-profile-size">
          <Form.Label>{t('creatorSettings.profileSize', { size: profileSize })}</Form.Label>
          <Form.Range
            min={PROFILE_SIZE_MIN}
            max={PROFILE_SIZE_MAX}
            step={8}
            {...form.register('profileSize', { valueAsNumber: true })}
          />
        </Form.Group>
        <Controller
          control={form.control}
          name="bannerImage"
          render={({ field, fieldState }) => (
            <ImageUploadField
              id="bannerImage"
              label={t('creatorSettings.bannerImage')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBusyChange={uploads.report}
              previewAlt={t('creatorSettings.bannerImageAlt')}
              previewStyle={{ width: '100%', maxWidth: 480, height: 120 }}
              error={message(fieldState.error?.message)}
            />
          )}
        />
      </fieldset>

      <LinksFieldset form={form} />
      <PromoVideoField form={form} onBusyChange={uploads.report} />
      <GalleryEditor form={form} onBusyChange={uploads.report} />

      <fieldset className="mb-4">
        <legend className="h5">{t('creatorSettings.sections.world')}</legend>
        <SettingsTextField
          form={form}
          name="creatorWorldDescription"
          id="settings-world"
          label={t('creatorSettings.world')}
          rows={4}
          maxLength={PROFILE_TEXT_MAX.creatorWorldDescription}
        />
      </fieldset>
      <AuraCardsEditor form={form} onBusyChange={uploads.report} />

      {notice && (
        <Alert
          variant={notice.kind === 'saved' ? 'success' : 'danger'}
          role={notice.kind === 'saved' ? 'status' : 'alert'}
          data-testid="settings-notice"
        >
          {notice.kind === 'saved' ? (
            <>
              {t('creatorSettings.saved')}{' '}
              <Link to={`/creator/${username}`} className="alert-link">
                {t('creatorSettings.viewProfile')}
              </Link>
            </>
          ) : notice.kind === 'invalid' ? (
            t('creatorSettings.checkFields')
          ) : (
            t('creatorSettings.saveFailed', { reason: notice.reason })
          )}
        </Alert>
      )}
      {uploads.isUploading && (
        <p className="small aura-muted" role="status">
          {t('creatorSettings.waitForUploads')}
        </p>
      )}
      <Button type="submit" disabled={save.isPending || uploads.isUploading}>
        {save.isPending ? t('creatorSettings.saving') : t('creatorSettings.save')}
      </Button>
    </Form>
  );
}
