import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../../../common/schemas/messages';

/** Below this many characters left, the composer says how many remain. */
const SHOW_REMAINING_BELOW = 200;

/**
 * SPEC §5: blank text is not sent and the button is disabled; Enter sends, Shift+Enter adds a
 * line (as in the assistant's panel). The text is handed over trimmed and the box cleared: a
 * send that fails stays in the list with its text and a retry.
 */
export function MessageComposer({ onSend }: { onSend(text: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const isBlank = text.trim().length === 0;
  const remaining = MESSAGE_MAX_LENGTH - text.trim().length;

  const send = () => {
    if (isBlank || remaining < 0) return;
    onSend(text.trim());
    setText('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (Japanese, Chinese) picks a word, not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Form onSubmit={submit} className="p-2 border-top d-flex gap-2 align-items-end">
      <div className="flex-grow-1">
        <Form.Label htmlFor={id} className="visually-hidden">
          {t('messages.composerLabel')}
        </Form.Label>
        <Form.Control
          as="textarea"
          id={id}
          rows={2}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH + 200}
          placeholder={t('messages.composerPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={remaining < SHOW_REMAINING_BELOW ? `${id}-remaining` : undefined}
          isInvalid={remaining < 0}
        />
        {remaining < SHOW_REMAINING_BELOW && (
          <div
            id={`${id}-remaining`}
            className={`small ${remaining < 0 ? 'text-danger' : 'aura-muted'}`}
          >
            {t('messages.charactersLeft', { count: remaining })}
          </div>
        )}
      </div>
      <Button type="submit" disabled={isBlank || remaining < 0}>
        {t('messages.send')}
      </Button>
    </Form>
  );
}
