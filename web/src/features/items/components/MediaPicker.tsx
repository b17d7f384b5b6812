import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MEDIA_ACCEPT, type MediaKind, type MediaUploadState } from '../api/media';
import { LabelledProgress } from './LabelledProgress';

interface MediaPickerProps {
  kind: MediaKind;
  label: string;
  state: MediaUploadState;
  /** The section's failure text (SPEC §8): image says 'Upload failed: reason', audio/video their own. */
  failureText(reason: string): string;
  onPick(file: File): void;
  onCancel(): void;
  onRemove(): void;
  isInvalid?: boolean;
}

/** A file picker that uploads at once, shows progress and can be cancelled. */
export function MediaPicker({
  kind,
  label,
  state,
  failureText,
  onPick,
  onCancel,
  onRemove,
  isInvalid,
}: MediaPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept={MEDIA_ACCEPT[kind]}
        isInvalid={isInvalid}
        disabled={state.status === 'uploading'}
        data-testid={`upload-${kind}-input`}
        onChange={(e) => {
          const input = e.target as HTMLInputElement;
          const file = input.files?.[0];
          // Clear the input so choosing the same file again after a cancel still fires.
          input.value = '';
          if (file) onPick(file);
        }}
      />
      {state.status === 'uploading' && (
        <div className="d-flex align-items-center gap-2 mt-2">
          <LabelledProgress
            now={state.percent}
            variant="primary"
            showValue
            className="flex-grow-1"
            label={t('upload.uploading', { file: state.fileName, percent: state.percent })}
            data-testid={`upload-${kind}-progress`}
          />
          <Button size="sm" variant="outline-secondary" onClick={onCancel}>
            {t('upload.cancelUpload')}
          </Button>
        </div>
      )}
      {state.status === 'done' && (
        <div className="d-flex align-items-center gap-2 mt-2">
          <span className="text-success small" data-testid={`upload-${kind}-done`}>
            {t('upload.uploaded', { file: state.fileName })}
          </span>
          <Button size="sm" variant="link" onClick={onRemove}>
            {t('upload.removeMedia')}
          </Button>
        </div>
      )}
      {state.status === 'cancelled' && (
        <p className="small text-muted mt-2 mb-0" role="status">
          {t('upload.uploadCancelled')}
        </p>
      )}
      {state.status === 'failed' && (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {failureText(state.reason)}
        </Alert>
      )}
    </Form.Group>
  );
}
