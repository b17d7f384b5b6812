import { useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GALLERY_MAX_IMAGES } from '../../../../../common/rules/creator-profile';
import { useMediaUpload } from '../../items/api/media';
import { MediaPicker } from '../../items/components/MediaPicker';
import { useSettingsMessage } from './settings-messages';
import type { SettingsForm, SettingsValues } from './settings-form';

const BUSY_ID = 'gallery';

/**
 * SPEC §5 gallery: at most ten images (SPEC §9). The add control disappears at ten; every image
 * can be removed. Each picked image uploads at once and joins the list when it is stored.
 */
export function GalleryEditor({
  form,
  onBusyChange,
}: {
  form: UseFormReturn<SettingsForm, unknown, SettingsValues>;
  onBusyChange(id: string, isBusy: boolean): void;
}) {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const upload = useMediaUpload('image');
  const isBusy = upload.state.status === 'uploading';
  const images = useWatch({ control: form.control, name: 'galleryImages' }) ?? [];
  const isFull = images.length >= GALLERY_MAX_IMAGES;
  const error = form.formState.errors.galleryImages;

  useEffect(() => {
    onBusyChange(BUSY_ID, isBusy);
    return () => onBusyChange(BUSY_ID, false);
  }, [isBusy, onBusyChange]);

  // Read at the moment of the change: an image may have been removed while another uploaded.
  const setImages = (next: string[]) =>
    form.setValue('galleryImages', next, { shouldDirty: true, shouldValidate: true });
  const current = () => form.getValues('galleryImages') ?? [];

  return (
    <fieldset className="mb-4" data-testid="gallery-editor">
      <legend className="h5">{t('creatorSettings.sections.gallery')}</legend>
      <p className="small aura-muted" data-testid="gallery-count">
        {t('creatorSettings.galleryCount', { count: images.length, max: GALLERY_MAX_IMAGES })}
      </p>
      {images.length > 0 && (
        <ul className="row row-cols-3 row-cols-md-5 g-2 list-unstyled">
          {images.map((src, index) => (
            <li key={`${src}-${index}`} className="col position-relative">
              <img
                src={src}
                alt={t('creatorSettings.galleryImageAlt', { number: index + 1 })}
                className="w-100 rounded"
                style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
                data-testid="gallery-editor-image"
              />
              <Button
                size="sm"
                variant="danger"
                className="position-absolute top-0 end-0 m-1 py-0 px-2"
                aria-label={t('creatorSettings.galleryRemove', { number: index + 1 })}
                onClick={() => setImages(current().filter((_, i) => i !== index))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {isFull ? (
        <p className="small" role="status" data-testid="gallery-full">
          {t('creatorSettings.galleryFull', { max: GALLERY_MAX_IMAGES })}
        </p>
      ) : (
        <MediaPicker
          kind="image"
          label={t('creatorSettings.galleryAdd')}
          state={upload.state}
          failureText={(reason) => t('upload.uploadFailed', { reason })}
          onPick={async (file) => {
            const url = await upload.start(file);
            if (!url) return;
            setImages([...current(), url]);
            // Ready for the next image.
            upload.reset();
          }}
          onCancel={upload.cancel}
          onRemove={upload.reset}
        />
      )}
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {message(error.message ?? error.root?.message)}
        </div>
      )}
    </fieldset>
  );
}
