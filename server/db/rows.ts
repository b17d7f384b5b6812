/**
 * The rows of a `db.execute(sql)` result. Both drivers answer with `{ rows }` (node-postgres'
 * QueryResult, PGlite's Results), but drizzle types the result per driver; the caller names the
 * row shape its SQL selects.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? [];
}
