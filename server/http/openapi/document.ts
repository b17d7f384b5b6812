import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { errorResponseComponents, errorResponseRef } from './error-responses';
import { namedSchemas } from './named-schemas';
import { tidySchemas } from './tidy-schemas';
import {
  authOf,
  errorStatusesOf,
  type ContentDoc,
  type ErrorStatus,
  type RouteDoc,
} from './route-doc';

/** What the route transform hands the document step (an extension, removed from the output). */
const ROUTE_EXTENSION = 'x-aura-route';

interface RouteExtension {
  errors: ErrorStatus[];
  responses: RouteDoc['responses'];
}

const TAGS: Record<string, string> = {
  system: 'Health of the server and its dependencies.',
  auth: 'Sign-in, sign-up, Google sign-in, e-mail verification and password reset.',
  account: 'The signed-in person’s own account: sign-in methods, profile, e-mail, mail notices.',
  users: 'People: the signed-in profile and public profiles.',
  profiles: 'Creator profiles: the public page and its editor.',
  billing: 'Checkout, memberships and earnings.',
  wallet: 'The wallet balance and paying from it.',
  tips: "Tips to creators (issue 43): from the balance, and the creator's lists.",
  gifts:
    "Gifts (issue 43): a gift by its code, redeeming it, and the giver's sent gifts (resend, refund).",
  media: 'Uploading media and reading it through signed links.',
  items: 'Items (aura posts): creating, editing, publishing, likes, comments and visits.',
  feed: 'Discover: the feed and the creator spotlight.',
  feeds: 'RSS feeds of creators: public, and private per person with podcast enclosures.',
  dashboard: 'A creator’s figures.',
  follows: 'Following creators.',
  ai: 'The assistant and the AI studio.',
  reports: 'Reporting content and people.',
  admin: 'Moderation and administration.',
  warnings: 'Warnings a person received.',
  site: 'Public site settings.',
  hub: 'The Control Hub: dashboard, creators, role tools and payout runs.',
  payouts: 'A creator’s payout settings.',
  members: 'A creator’s members: the list, its CSV export, complimentary memberships, import.',
  blocks: 'Blocking people.',
  messages: 'Direct messages.',
  newsletter:
    'New-post e-mails: choices per creator, a creator’s update to members, mail counts, links.',
  ops: 'Operator calls (backups).',
};

const BEARER = { bearer: [] };

/**
 * The @fastify/swagger options: the document is OpenAPI 3.1, built from the routes' zod schemas
 * (the shared ones as named components), with each operation's security and refusals derived
 * from its guard, input, path and limits (route-doc.ts) and what `config.openapi` adds.
 */
export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  const registry = namedSchemas();
  // Parameters must stay inline (Fastify's swagger expands them from the schema's properties).
  const inline = createJsonSchemaTransform({ skipList: [], schemaRegistry: z.registry() });
  const named = createJsonSchemaTransform({ skipList: [], schemaRegistry: registry });
  const components = createJsonSchemaTransformObject({ schemaRegistry: registry });
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Aura API',
        version,
        description:
          'Aura’s HTTP API. Every refusal is `{ error, code }` with a code of the error ' +
          'catalogue; signed-in calls send `Authorization: Bearer <token>`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          backupKey: { type: 'apiKey', in: 'header', name: 'x-aura-backup-key' },
        },
      },
    },
    transform(document) {
      const { schema, route } = document;
      if (!schema || schema.hide) return named(document);
      const { params, querystring, headers, ...rest } = schema;
      const parameters = inline({ ...document, schema: { params, querystring, headers } }).schema;
      const transformed = named({ ...document, schema: rest }).schema;
      return {
        url: document.url,
        schema: { ...transformed, ...parameters, ...operationOf(route, schema) },
      };
    },
    transformObject(document) {
      if (!('openapiObject' in document)) throw new Error('The API document is OpenAPI 3');
      const withSchemas = components(document) as OpenApiDocument;
      return finish(withSchemas);
    },
  };
}

/** The operation's parts that come from the route rather than its zod schemas. */
function operationOf(route: RouteOptions, schema: FastifySchema): FastifySchema {
  const doc = route.config?.openapi;
  const auth = authOf(route);
  const extension: RouteExtension = { errors: errorStatusesOf(route), responses: doc?.responses };
  const operation: Record<string, unknown> = {
    security:
      schema.security ?? (auth === 'required' ? [BEARER] : auth === 'optional' ? [{}, BEARER] : []),
    ...(doc?.body
      ? {
          body: { ...doc.body.schema, description: doc.body.description },
          consumes: [doc.body.contentType],
        }
      : {}),
    [ROUTE_EXTENSION]: extension,
  };
  return operation;
}

type Responses = Record<string, Record<string, unknown>>;
interface Operation {
  responses?: Responses;
  [ROUTE_EXTENSION]?: RouteExtension;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
  [key: string]: unknown;
}

/** Each operation's refusals and other answers, the components they name, the named schemas tidied. */
function finish(document: OpenApiDocument): OpenApiDocument {
  const used = new Set<ErrorStatus>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const extension = operation[ROUTE_EXTENSION];
      delete operation[ROUTE_EXTENSION];
      const responses: Responses = (operation.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response') {
          response.description = STATUS_CODES[status] ?? 'Answer';
        }
      }
      for (const [status, content] of Object.entries(extension?.responses ?? {})) {
        if (content) responses[status] = withContent(responses[status], content);
      }
      for (const status of extension?.errors ?? []) {
        if (responses[status]) continue;
        responses[status] = errorResponseRef(status);
        used.add(status);
      }
    }
  }
  const components = (document.components ??= {});
  components.responses = { ...components.responses, ...errorResponseComponents(used) };
  return tidySchemas(document);
}

function withContent(response: Record<string, unknown> | undefined, doc: ContentDoc) {
  return {
    ...response,
    description: doc.description,
    content: { ...(response?.content as object | undefined), ...doc.content },
  };
}
