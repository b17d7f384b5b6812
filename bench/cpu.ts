import fs from 'node:fs';

/**
 * CPU time used so far, in milliseconds, by the parts a request costs: the server process, and
 * the database when it runs as processes of its own on this machine (`null` otherwise: PGlite
 * runs inside the server, a remote PostgreSQL cannot be read from here).
 */
export interface CpuReading {
  serverMs: number;
  databaseMs: number | null;
}

export type CpuMeter = () => CpuReading;

/** Linux's clock tick: /proc counts CPU time in 1/100 s on every architecture Node runs on. */
const MS_PER_TICK = 10;

/**
 * A process's name and CPU time in ms from /proc/<pid>/stat, null if gone: its user and system
 * time and that of its children that ended (a PostgreSQL backend that exits moves its time to
 * the postmaster's, so a pool closing an idle connection takes no time out of the sum).
 */
function readStat(pid: string): { name: string; ms: number } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces; the fields after it are space separated.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    ms: fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) * MS_PER_TICK,
  };
}

/** CPU ms of one process (NaN when it cannot be read: not Linux, or it has exited). */
export function processCpuMs(pid: number): number {
  return readStat(String(pid))?.ms ?? Number.NaN;
}

/**
 * CPU ms of every running process with this name (PostgreSQL's postmaster, its backends and its
 * background workers are all `postgres`), with their ended children's.
 */
export function cpuMsOfProcessesNamed(name: string): number {
  let total = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat?.name === name) total += stat.ms;
  }
  return total;
}

/** Readings of a server process, and of a PostgreSQL on this machine when `localPostgres`. */
export function cpuMeter(serverPid: number, localPostgres: boolean): CpuMeter {
  return () => ({
    serverMs: processCpuMs(serverPid),
    databaseMs: localPostgres ? cpuMsOfProcessesNamed('postgres') : null,
  });
}

/** Whether a PostgreSQL URL names this machine (its processes can then be read). */
export function isLocalDatabase(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
