import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * Compiled response serializers for the hot routes (issue 17). zod's serializer validates and
 * re-encodes every answer before JSON.stringify (about 96 µs for a feed page here);
 * fast-json-stringify compiled from the same zod schema (`z.toJSONSchema`) writes the same
 * text in about a third of that. Like zod's output it writes only the schema's properties, in
 * the schema's order, and refuses an answer that lacks a required one; it does not re-check
 * formats and ranges, so it is kept for answers the server itself builds from typed rows.
 * compiled-serializer.test.ts checks the output equals zod's, byte for byte.
 */

type JsonSchema = { [key: string]: unknown };

const isNullSchema = (s: unknown) =>
  typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null';

/**
 * `anyOf: [X, {type: null}]` (zod's `.nullable()` of an object) as `type: [X.type, 'null']`,
 * which fast-json-stringify writes directly instead of trying each branch in turn.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullSchema)) {
    const other = anyOf.find((s) => !isNullSchema(s)) as JsonSchema;
    if (typeof other.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON schema fast-json-stringify compiles for a zod schema's output. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
  }) as JsonSchema;
  return simplify(json) as JsonSchema;
}

/** A serializer for answers of `schema`, compiled once. */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(jsonSchemaOf(schema) as unknown as Parameters<typeof fastJson>[0]) as (
    data: unknown,
  ) => string;
}

/**
 * A route's `serializerCompiler`: the compiled serializer for the answers whose zod schema is
 * listed, zod's own for every other status of the route (errors keep their usual path).
 */
export function compiledSerializerFor<RouteSchema>(
  ...schemas: z.ZodType[]
): FastifySerializerCompiler<RouteSchema> {
  const compiled = new Map<unknown, (data: unknown) => string>(
    schemas.map((s) => [s, compileSerializer(s)]),
  );
  // Fastify calls this once per status with that status's schema (typed as the whole route's).
  return (route) =>
    compiled.get(route.schema) ??
    zodSerializerCompiler(route as unknown as Parameters<typeof zodSerializerCompiler>[0]);
}
