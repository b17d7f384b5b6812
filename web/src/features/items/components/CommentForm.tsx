import { useId, useState, type FormEvent } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '../../../../../common/schemas/items';

interface CommentFormProps {
  isPending: boolean;
  onSubmit(text: string): Promise<unknown>;
}

/** SPEC §5: blank or whitespace-only text is not sent and the button is disabled. */
export function CommentForm({ isPending, onSubmit }: CommentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const isBlank = text.trim().length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank || isPending) return;
    try {
      await onSubmit(text.trim());
      setText('');
    } catch {
      // the caller shows the error; keep the text so the user can retry
    }
  };

  return (
    <Form onSubmit={submit} className="mt-2">
      <Form.Label htmlFor={id} className="visually-hidden">
        {t('discover.commentLabel')}
      </Form.Label>
      <InputGroup size="sm">
        <Form.Control
          id={id}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('discover.commentPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="primary" disabled={isBlank || isPending}>
          {t('discover.sendComment')}
        </Button>
      </InputGroup>
    </Form>
  );
}
