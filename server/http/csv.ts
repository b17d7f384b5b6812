/*
 * CSV both ways (RFC 4180): the cell every export writes, and the parser imports read with.
 */

/**
 * One CSV cell: always quoted, quotes doubled, and text a spreadsheet would run as a formula
 * (starting with = + - @ or a control character) prefixed with a quote (OWASP CSV injection).
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole CSV document: a header and rows of cells, CRLF line ends (RFC 4180). */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** One record of a parsed file, with the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a file is not CSV, and the line where that was found. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: 'quote_in_field' | 'text_after_quote' | 'unclosed_quote' | 'field_count',
  ) {
    super(reason);
  }
}

/**
 * Parses RFC 4180 CSV (quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF
 * line ends; a byte order mark is dropped; blank lines are skipped). Every record must have as
 * many fields as the first. Stops reading after `maxRecords` records and reports that it did.
 * Throws `CsvSyntaxError` with the line number of the first fault.
 */
export function parseCsv(
  text: string,
  maxRecords: number,
): { records: CsvRecord[]; truncated: boolean } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    // One record: fields until an unquoted line end or the end of the text.
    for (;;) {
      let field = '';
      if (source[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= n) throw new CsvSyntaxError(start, 'unclosed_quote');
          const ch = source[i]!;
          if (ch === '"') {
            if (source[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (ch === '\n') line += 1;
          field += ch;
          i += 1;
        }
        if (i < n && source[i] !== ',' && source[i] !== '\n' && source[i] !== '\r') {
          throw new CsvSyntaxError(line, 'text_after_quote');
        }
      } else {
        while (i < n && source[i] !== ',' && source[i] !== '\n' && source[i] !== '\r') {
          if (source[i] === '"') throw new CsvSyntaxError(line, 'quote_in_field');
          field += source[i];
          i += 1;
        }
      }
      fields.push(field);
      if (source[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (source[i] === '\r') i += 1;
    if (source[i] === '\n') i += 1;
    line += 1;
    const isBlank = fields.length === 1 && fields[0] === '';
    if (isBlank) continue;
    const width = records[0]?.fields.length;
    if (width !== undefined && fields.length !== width) {
      throw new CsvSyntaxError(start, 'field_count');
    }
    if (records.length === maxRecords) return { records, truncated: true };
    records.push({ line: start, fields });
  }
  return { records, truncated: false };
}
