import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_TEXT_MAX,
  PROMO_PREVIEW_HEIGHT_PX,
  promoVideoSource,
} from '../../../../../common/rules/creator-profile';
import { useMediaUpload } from '../../items/api/media';
import { useFieldError } from '../../../shared/forms/useFieldError';
import { MediaPicker } from '../../items/components/MediaPicker';
import { PromoVideo } from './PromoVideo';
import type { SettingsForm, SettingsValues } from './settings-form';
import { SettingsTextField } from './SettingsTextField';

const BUSY_ID = 'promoVideo';

/**
 * SPEC §5 promo video: a video-sharing link or id typed in, or a video uploaded (video files
 * only, with progress; SPEC §8: a failure says 'Upload failed'). The preview, a 360 px frame,
 * shows only while the value is valid.
 */
export function PromoVideoField({
  form,
  onBusyChange,
}: {
  form: UseFormReturn<SettingsForm, unknown, SettingsValues>;
  onBusyChange(id: string, isBusy: boolean): void;
}) {
  const { t } = useTranslation();
  const upload = useMediaUpload('video');
  const isBusy = upload.state.status === 'uploading';
  const value = useWatch({ control: form.control, name: 'promoVideo' }) ?? '';
  const error = useFieldError(form, 'promoVideo');
  const isPreviewable = !error && promoVideoSource(value) !== null;

  useEffect(() => {
    onBusyChange(BUSY_ID, isBusy);
    return () => onBusyChange(BUSY_ID, false);
  }, [isBusy, onBusyChange]);

  return (
    <fieldset className="mb-4">
      <legend className="h5">{t('creatorSettings.sections.promo')}</legend>
      <SettingsTextField
        form={form}
        name="promoVideo"
        id="settings-promo-video"
        label={t('creatorSettings.promoVideo')}
        hint={t('creatorSettings.promoHelp')}
        maxLength={PROFILE_TEXT_MAX.mediaUrl}
      />
      <MediaPicker
        kind="video"
        label={t('creatorSettings.promoUpload')}
        state={upload.state}
        failureText={() => t('creatorSettings.uploadFailed')}
        onPick={async (file) => {
          const url = await upload.start(file);
          if (url) form.setValue('promoVideo', url, { shouldDirty: true, shouldValidate: true });
        }}
        onCancel={upload.cancel}
        onRemove={() => {
          upload.reset();
          form.setValue('promoVideo', '', { shouldDirty: true, shouldValidate: true });
        }}
      />
      {isPreviewable && (
        <figure className="mb-0" data-testid="promo-preview">
          <figcaption className="small aura-muted mb-1">
            {t('creatorSettings.promoPreview')}
          </figcaption>
          <PromoVideo
            value={value}
            title={t('creatorSettings.promoPreview')}
            height={PROMO_PREVIEW_HEIGHT_PX}
            isFixedHeight
          />
        </figure>
      )}
    </fieldset>
  );
}
