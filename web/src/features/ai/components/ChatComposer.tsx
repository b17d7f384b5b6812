import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2/§5: Enter sends, Shift+Enter adds a line; blank text is never sent and the button is
 * disabled while it is blank or a reply is loading.
 */
export function ChatComposer({
  isLoading,
  onSend,
  inputRef,
}: {
  isLoading: boolean;
  onSend: (text: string) => void;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const canSend = text.trim() !== '' && !isLoading;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="d-flex gap-2 align-items-end"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor="assistant-input" className="visually-hidden">
        {t('chatbot.inputLabel')}
      </label>
      <textarea
        id="assistant-input"
        ref={inputRef}
        className="form-control"
        rows={2}
        value={text}
        placeholder={t('chatbot.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={!canSend}>
        {t('chatbot.send')}
      </button>
    </form>
  );
}
