import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** A selected field as drizzle orders them: its path in the answer, and what it selects. */
export interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) {
    return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  }
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/** The answer's shape: each key a column's index, or an object of further keys. */
type Shape = Map<string, number | Shape>;

/** The shape of `fields`, or null when drizzle's answer would not be a plain tree of them. */
function shapeOf(fields: readonly OrderedField[]): Shape | null {
  const root: Shape = new Map();
  for (const [index, { path }] of fields.entries()) {
    if (path.length === 0) return null;
    let node = root;
    for (const chunk of path.slice(0, -1)) {
      const next = node.get(chunk) ?? new Map();
      if (typeof next === 'number') return null;
      node.set(chunk, next);
      node = next;
    }
    const key = path[path.length - 1]!;
    if (node.has(key)) return null;
    node.set(key, index);
  }
  return root;
}

const literal = (shape: Shape): string =>
  `{${[...shape]
    .map(([key, part]) => {
      const value =
        typeof part === 'number'
          ? `row[${part}] === null ? null : d[${part}].mapFromDriverValue(row[${part}])`
          : literal(part);
      return `${JSON.stringify(key)}: ${value}`;
    })
    .join(', ')}}`;

/**
 * The outer joins' objects drizzle answers as null: per object, the first of its table's columns
 * decides (null: the joined row is missing), unless its columns come from more than one table.
 */
function nullableObjects(fields: readonly OrderedField[]) {
  const byObject = new Map<string, { key: string; table: string } | false>();
  for (const { path, field } of fields) {
    if (path.length !== 2 || !is(field, Column)) continue;
    const [objectName, key] = path as [string, string];
    const table = getTableName(field.table);
    const seen = byObject.get(objectName);
    if (seen === undefined) byObject.set(objectName, { key, table });
    else if (seen && seen.table !== table) byObject.set(objectName, false);
  }
  return [...byObject].flatMap(([objectName, first]) => (first ? [{ objectName, ...first }] : []));
}

/**
 * drizzle's `mapResultRow` for one select, compiled to one object literal (issue 17). drizzle
 * decides each column's decoder for every row anew, testing the field against three entity kinds
 * up its prototype chain, and builds the answer key by key: a 20-post feed page of about 40
 * columns spent some 110 µs there. The answer is the same object, key for key, including the
 * outer joins' objects that are null when their first column is. Null when the fields do not
 * make a plain tree (a key selected twice), which drizzle then maps itself.
 */
export function compileRowMapper(
  fields: readonly OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): ((row: unknown[]) => Record<string, unknown>) | null {
  const shape = shapeOf(fields);
  if (!shape) return null;
  const decoders = fields.map(({ field }) => decoderOf(field));
  const nullable = joinsNotNullableMap ? nullableObjects(fields) : [];
  // drizzle's loop unrolled for these fields, as fast-json-stringify compiles a serializer.
  const build = new Function('d', 'row', `return ${literal(shape)};`) as (
    d: Decoder[],
    row: unknown[],
  ) => Record<string, Record<string, unknown> | null>;
  if (nullable.length === 0) return (row) => build(decoders, row);
  return (row) => {
    const result = build(decoders, row);
    for (const { objectName, key, table } of nullable) {
      if (result[objectName]![key] === null && !joinsNotNullableMap![table]) {
        result[objectName] = null;
      }
    }
    return result;
  };
}

/** What a drizzle prepared select keeps of its fields (not in drizzle's public types). */
interface PreparedSelect {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Makes a drizzle prepared select map its rows with compileRowMapper: drizzle's node-postgres
 * and PGlite prepared queries hand their array rows to `customResultMapper` when it is set.
 * Anything else is returned as it is.
 */
export function withCompiledRows<Statement>(statement: Statement): Statement {
  const prepared = statement as PreparedSelect;
  if (!prepared.fields || prepared.customResultMapper) return statement;
  const mapRow = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap);
  if (mapRow) prepared.customResultMapper = (rows) => rows.map(mapRow);
  return statement;
}
