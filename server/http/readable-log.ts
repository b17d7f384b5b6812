/**
 * Log lines for a person at a terminal (development): pino writes one JSON object per line,
 * which this turns into `12:04:05 WARN  message key=value …`, with an error's stack below it.
 * A destination, not a transport: pino's transports run in worker threads and need their own
 * files beside the bundle (scripts/build-server.ts), and pino-pretty is not a dependency.
 */

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, shown in the line's head or not worth a person's attention. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

const valueText = (value: unknown): string =>
  typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);

/** One pino JSON line as a readable line; anything else (not JSON) is passed on as it came. */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date();
  const clock = time.toISOString().slice(11, 19);
  const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !HEAD_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${valueText(value)}`);
  const head = [clock, level, typeof entry.msg === 'string' ? entry.msg : '', ...fields]
    .filter((part) => part !== '')
    .join(' ');
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const detail = err ? String(err.stack ?? err.message ?? JSON.stringify(err)) : '';
  return detail ? `${head}\n  ${detail.replaceAll('\n', '\n  ')}\n` : `${head}\n`;
}

/** A pino destination that writes readable lines to `out` (stdout in development). */
export const readableLog = (out: { write(text: string): unknown }) => ({
  write(line: string): void {
    out.write(readableLogLine(line));
  },
});
