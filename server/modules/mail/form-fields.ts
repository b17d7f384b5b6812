/**
 * The text fields of a small multipart/form-data body (RFC 7578), for the one-click unsubscribe
 * (RFC 8058: a mail client may post `List-Unsubscribe=One-Click` this way). Files and anything
 * malformed are left out; the caller's body limit keeps it small.
 */
export function smallFormFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${marker}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (!name || /\bfilename=/i.test(head)) continue;
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}
