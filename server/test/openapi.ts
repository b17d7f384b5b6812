import type { FastifyInstance } from 'fastify';

/** One operation of the app's OpenAPI document, as the fuzz and authorization tests see it. */
export interface Operation {
  method: string;
  /** OpenAPI form: `/api/v1/items/{id}`. */
  path: string;
  parameters: { in: string; name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
  /** The documented statuses. */
  responses: string[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

type Document = {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** The schema a `$ref` names (the shared schemas are components), followed to its end. */
function resolved(doc: Document, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema as (JsonSchema & { $ref?: string }) | undefined;
  for (let hops = 0; current?.$ref && hops < 10; hops += 1) {
    current = doc.components?.schemas?.[current.$ref.replace('#/components/schemas/', '')];
  }
  return current;
}

/** Every operation the app documents (app.swagger(), also served at /api/docs/json). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as Document;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const body = resolved(
        doc,
        (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> })?.content?.[
          'application/json'
        ]?.schema,
      );
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        ...(body ? { body } : {}),
        responses: Object.keys((op.responses as object | undefined) ?? {}),
      });
    }
  }
  return ops;
}
