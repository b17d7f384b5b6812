import { useId, useState } from 'react';
import { Badge, CloseButton, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ITEM_TAG_MAX_LENGTH } from '../../../../../common/schemas/items';

interface TagInputProps {
  tags: string[];
  /** Applies the shared tag rule (unique, trimmed, blank ignored) to the list plus the typed text. */
  addTag(tags: string[], text: string): string[];
  onChange(tags: string[]): void;
  label: string;
  help: string;
  isInvalid?: boolean;
}

/** SPEC §5: a tag is added when the user leaves the field (Enter adds too, for keyboards). */
export function TagInput({ tags, addTag, onChange, label, help, isInvalid }: TagInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');

  const commit = () => {
    const next = addTag(tags, draft);
    if (next.length !== tags.length) onChange(next);
    setDraft('');
  };

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={draft}
        maxLength={ITEM_TAG_MAX_LENGTH}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        isInvalid={isInvalid}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`}>{help}</Form.Text>
      {tags.length > 0 && (
        <ul
          className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0"
          aria-label={t('upload.tagList')}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Badge bg="secondary" className="d-inline-flex align-items-center gap-1 fs-6">
                <span>{tag}</span>
                <CloseButton
                  variant="white"
                  aria-label={t('upload.removeTag', { tag })}
                  onClick={() => onChange(tags.filter((x) => x !== tag))}
                  style={{ fontSize: '0.6rem' }}
                />
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
