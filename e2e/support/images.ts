/** An 8x8 PNG made with sharp: real image bytes, which is what the server checks (not the name). */
export const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOosDmBFTEMLQkACvNfAfLoGpsAAAAASUVORK5CYII=',
  'base64',
);
