const SCHEMA_REF = '#/components/schemas/';
const INPUT = 'Input';

interface Document {
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The named schemas as a client wants them: only those the document uses, and a request form
 * (`<name>Input`, which the zod transform makes of every named schema) under the plain name when
 * it is the same as the answer form or the answer form is unused.
 */
export function tidySchemas<D extends Document>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  for (const name of Object.keys(schemas)) {
    if (!reachable(document).has(name)) delete schemas[name];
  }
  for (let merged = true; merged;) {
    merged = false;
    for (const name of Object.keys(schemas)) {
      if (!name.endsWith(INPUT)) continue;
      const plain = name.slice(0, -INPUT.length);
      const same = JSON.stringify(schemas[name]) === JSON.stringify(schemas[plain]);
      if (plain in schemas && !same) continue;
      schemas[plain] = schemas[name];
      delete schemas[name];
      renameRefs(document, SCHEMA_REF + name, SCHEMA_REF + plain);
      merged = true;
    }
  }
  return document;
}

/** Names of the schemas the document refers to, directly or through other schemas. */
function reachable(document: Document): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
        const name = child.slice(SCHEMA_REF.length);
        if (!found.has(name)) {
          found.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(child);
      }
    }
  };
  const { components, ...rest } = document;
  visit(rest);
  visit({ ...components, schemas: undefined });
  return found;
}

function renameRefs(value: unknown, from: string, to: string): void {
  if (Array.isArray(value)) return value.forEach((v) => renameRefs(v, from, to));
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    if (key === '$ref' && child === from) record[key] = to;
    else renameRefs(child, from, to);
  }
}
