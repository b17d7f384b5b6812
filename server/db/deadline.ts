/**
 * `work`'s value, or `fallback` when it has not settled within `ms`: for an answer that must come
 * in time whatever the database does (the health check, the reachability probe of a failed
 * request). The work goes on and fails by its own deadline (server/db/postgres.ts).
 */
export function settledWithin<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
