import { linkify } from './linkify';

/** A message's text as text (React escapes it), with its web addresses as safe links. */
export function MessageText({ text }: { text: string }) {
  return (
    <span className="aura-message-text">
      {linkify(text).map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ),
      )}
    </span>
  );
}
