import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaUpload, type MediaKind } from '../api/media';
import { MediaPicker } from './MediaPicker';

interface MediaFieldProps {
  kind: MediaKind;
  label: string;
  failureText(reason: string): string;
  /** The uploaded file's URL, '' when none. */
  value: string;
  onChange(url: string): void;
  /** Must be stable (useCallback): it runs whenever this field starts or stops uploading. */
  onBusyChange(kind: MediaKind, isBusy: boolean): void;
  isInvalid?: boolean;
}

/** One media field of the upload form: pick, upload with progress, cancel, preview. */
export function MediaField({
  kind,
  label,
  failureText,
  value,
  onChange,
  onBusyChange,
  isInvalid,
}: MediaFieldProps) {
  const { t } = useTranslation();
  const upload = useMediaUpload(kind);
  const isBusy = upload.state.status === 'uploading';

  useEffect(() => {
    onBusyChange(kind, isBusy);
    // A field that goes away (the form was reset) no longer holds the submit button back.
    return () => onBusyChange(kind, false);
  }, [kind, isBusy, onBusyChange]);

  return (
    <>
      <MediaPicker
        kind={kind}
        label={label}
        state={upload.state}
        failureText={failureText}
        isInvalid={isInvalid}
        onPick={async (file) => {
          onChange('');
          const url = await upload.start(file);
          if (url) onChange(url);
        }}
        onCancel={upload.cancel}
        onRemove={() => {
          upload.reset();
          onChange('');
        }}
      />
      {kind === 'image' && value && (
        <img
          src={value}
          alt={t('upload.imagePreviewAlt')}
          className="img-thumbnail mb-3"
          style={{ maxHeight: 240 }}
          data-testid="upload-image-preview"
        />
      )}
    </>
  );
}
