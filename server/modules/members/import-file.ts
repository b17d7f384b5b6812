import { EMAIL_MAX_LENGTH, isValidEmail } from '../../../common/rules/account';
import {
  IMPORT_MAX_ROWS,
  type ImportMalformedReason,
  type ImportRefusal,
} from '../../../common/schemas/members';
import { CsvSyntaxError, parseCsv } from '../../http/csv';
import { fail } from '../../http/errors';
import type { ImportedAddress } from './tables';

/** A line of the file not taken, and why. */
export interface RefusedLine {
  line: number;
  email: string | null;
  reason: ImportRefusal;
}

/** What a member file holds: the addresses to handle, and the lines refused on their own. */
export interface MemberFile {
  rows: number;
  addresses: ImportedAddress[];
  refused: RefusedLine[];
}

/** A file refused whole as not CSV: the line of the fault and its reason, as a code. */
const malformed = (line: number, reason: ImportMalformedReason) =>
  fail('import_malformed', { line, reason });

/**
 * Reads a member list in the columns of Ghost's member export (issue 42): `email` (required) and
 * `name` are used; `note`, `subscribed_to_emails`, `complimentary_plan`, `labels`, `created_at`
 * and any other column are read past. A file that is not CSV is refused whole with the line of
 * the fault and a reason code (400, `IMPORT_MALFORMED_REASONS`), one with more than IMPORT_MAX_ROWS rows too (413); a line with a missing,
 * invalid or repeated address is refused alone.
 */
export function readMemberFile(bytes: Buffer): MemberFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformed(1, 'not_utf8');
  }
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text, IMPORT_MAX_ROWS + 1);
  } catch (err) {
    if (err instanceof CsvSyntaxError) {
      throw malformed(err.line, err.reason);
    }
    throw err;
  }
  if (parsed.truncated) throw fail('import_too_many_rows', { max: IMPORT_MAX_ROWS });
  const [header, ...records] = parsed.records;
  const columns = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const emailAt = columns.indexOf('email');
  const nameAt = columns.indexOf('name');
  if (emailAt < 0) throw fail('import_no_email_column');
  if (records.length === 0) throw fail('import_empty');

  const addresses: ImportedAddress[] = [];
  const refused: RefusedLine[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of records) {
    const email = (fields[emailAt] ?? '').trim();
    const name = nameAt >= 0 ? (fields[nameAt] ?? '').trim().slice(0, 200) || null : null;
    if (email === '') refused.push({ line, email: null, reason: 'email_missing' });
    else if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) {
      refused.push({ line, email: email.slice(0, EMAIL_MAX_LENGTH), reason: 'email_invalid' });
    } else if (seen.has(email.toLowerCase())) {
      refused.push({ line, email, reason: 'duplicate_in_file' });
    } else {
      seen.add(email.toLowerCase());
      addresses.push({ line, email, name });
    }
  }
  return { rows: records.length, addresses, refused };
}
