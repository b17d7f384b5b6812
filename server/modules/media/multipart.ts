import type { MultipartFile } from '@fastify/multipart';
import { fail, HttpError } from '../../http/errors';

/** The one multipart field an upload call reads (SPEC §7). */
export const FILE_FIELD = 'file';
const sendOneFile = () => fail('send_one_file', { field: FILE_FIELD });

/**
 * A multipart failure as the client's answer: busboy reports a broken body (no boundary, a
 * malformed part header, an early end) with plain errors that would otherwise be a 500.
 */
function asMultipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_FILES_LIMIT') return sendOneFile();
  if (code === 'FST_REQ_FILE_TOO_LARGE') return err;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return err;
  return fail('multipart_malformed');
}

async function nextFile(files: AsyncIterator<MultipartFile>): Promise<MultipartFile | null> {
  try {
    return (await files.next()).value ?? null;
  } catch (err) {
    throw asMultipartError(err);
  }
}

/**
 * The upload's single file part, in the field `file`; other fields are ignored. `rest` reads
 * the body to its end after the file, refusing a second file, so the caller can check that
 * before keeping anything.
 */
export async function singleFilePart(
  files: AsyncIterator<MultipartFile>,
): Promise<{ part: MultipartFile; rest: () => Promise<void> }> {
  const part = await nextFile(files);
  if (!part || part.fieldname !== FILE_FIELD) {
    part?.file.resume();
    throw sendOneFile();
  }
  const rest = async () => {
    const extra = await nextFile(files);
    if (extra) {
      extra.file.resume();
      throw sendOneFile();
    }
  };
  return { part, rest };
}
