import type { Database } from './client';

/**
 * A statement prepared once per database handle and shape (issue 17): drizzle builds its SQL on
 * first use and later requests only bind their values. Keyed by handle, because a prepared
 * statement belongs to the handle that prepared it (tests open many).
 */
export function preparedPerShape<Shape extends string, Statement>(
  build: (db: Database, shape: Shape) => Statement,
): (db: Database, shape: Shape) => Statement {
  const byHandle = new WeakMap<Database, Map<Shape, Statement>>();
  return (db, shape) => {
    let byShape = byHandle.get(db);
    if (!byShape) byHandle.set(db, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) byShape.set(shape, (statement = build(db, shape)));
    return statement;
  };
}
