import { useEffect, type CSSProperties } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMediaUpload } from '../../items/api/media';
import { MediaPicker } from '../../items/components/MediaPicker';

interface ImageUploadFieldProps {
  /** Names this picker in the form's list of running uploads. */
  id: string;
  label: string;
  /** The image's URL, '' when none. */
  value: string;
  onChange(url: string): void;
  /** Must be stable: it runs whenever this picker starts or stops uploading. */
  onBusyChange(id: string, isBusy: boolean): void;
  previewAlt: string;
  previewStyle?: CSSProperties;
  /** A translated refusal of this field, shown under it. */
  error?: string;
}

/**
 * An image picker that accepts images only and uploads at once through the upload call, with
 * progress and cancel; shows the current image with a remove button. A failed upload keeps the
 * image there was.
 */
export function ImageUploadField({
  id,
  label,
  value,
  onChange,
  onBusyChange,
  previewAlt,
  previewStyle = { maxHeight: 160 },
  error,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const upload = useMediaUpload('image');
  const isBusy = upload.state.status === 'uploading';

  useEffect(() => {
    onBusyChange(id, isBusy);
    return () => onBusyChange(id, false);
  }, [id, isBusy, onBusyChange]);

  const remove = () => {
    upload.reset();
    onChange('');
  };

  return (
    <div className="mb-3" data-testid={`image-field-${id}`}>
      <MediaPicker
        kind="image"
        label={label}
        state={upload.state}
        failureText={(reason) => t('upload.uploadFailed', { reason })}
        isInvalid={Boolean(error)}
        onPick={async (file) => {
          const url = await upload.start(file);
          if (url) onChange(url);
        }}
        onCancel={upload.cancel}
        onRemove={remove}
      />
      {value && (
        <div className="d-flex align-items-end gap-2 mt-n2">
          <img
            src={value}
            alt={previewAlt}
            className="img-thumbnail"
            style={{ objectFit: 'cover', ...previewStyle }}
            data-testid={`image-preview-${id}`}
          />
          {upload.state.status !== 'done' && (
            <Button size="sm" variant="link" onClick={remove}>
              {t('creatorSettings.removeImage')}
            </Button>
          )}
        </div>
      )}
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
