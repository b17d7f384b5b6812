import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Viewer } from '../auth/guard';
import type { Container } from '../container';
import type { EventMeta } from '../events/record';
import type { ErrorStatus } from './openapi/route-doc';
import { perCaller } from './rate-limits';
import { requestMeta } from './request-meta';

/** The request of a route whose schema is `S`, typed by the zod provider. */
export type RouteRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
/** Its reply: `send` checks the body against the status's response schema. */
export type RouteReply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
/** What a handler may answer: what Fastify itself would accept for the schema. */
type Answer<S extends FastifySchema> = ReturnType<
  RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >
>;

/** One call as a handler sees it. */
export interface Call<S extends FastifySchema> {
  request: RouteRequest<S>;
  reply: RouteReply<S>;
  /** Where the request came from, for the audit row of whatever it changes. */
  meta(): EventMeta;
}

/** A route's own parts; what every route of a module shares comes from `routesFor`. */
export interface RouteSpec<S extends FastifySchema, C> {
  method: HTTPMethods;
  url: string;
  /** summary, operationId and the zod schemas (params, querystring, headers, body, response). */
  schema: S;
  /** OpenAPI tags when not the module's. */
  tags?: string[];
  /** Requests a minute per caller: the signed-in user, else the address (`perCaller`). */
  perCaller?: number;
  /** Refusals the service answers beyond those the route's shape implies (RouteDoc.errors). */
  errors?: readonly ErrorStatus[];
  /** Anything else of a route's config (an address-keyed limit, a documented file answer). */
  config?: FastifyContextConfig;
  serializerCompiler?: RouteShorthandOptions['serializerCompiler'];
  handler(call: C): Answer<S>;
}

type Authed<S extends FastifySchema> = Call<S> & { viewer: Viewer };
type Optional<S extends FastifySchema> = Call<S> & { viewer: Viewer | null };

/** Declares the routes of one module: each route maps HTTP to a module call and nothing else. */
export interface Routes {
  /** Signed in: 401 without a live session; the handler gets the viewer. */
  authed<S extends FastifySchema>(spec: RouteSpec<S, Authed<S>>): void;
  /** Signed in or not: the handler gets the viewer or null. */
  optional<S extends FastifySchema>(spec: RouteSpec<S, Optional<S>>): void;
  /** No session read at all (sign-in, public pages, signed links). */
  open<S extends FastifySchema>(spec: RouteSpec<S, Call<S>>): void;
}

/**
 * The route helper of a module: the guard, the OpenAPI tags, the per-caller rate limit and the
 * viewer are written here once instead of in every route's options. The options it builds are
 * the ones a hand-written route would have, so the OpenAPI document and the authorization
 * matrix read them the same way (server/http/openapi/route-doc.ts).
 */
export function routesFor(
  app: FastifyInstance,
  ctx: Pick<Container, 'guards' | 'tokens' | 'clock'>,
  defaults: { tags: string[] },
): Routes {
  const add = <S extends FastifySchema, C>(
    spec: RouteSpec<S, C>,
    preHandler: RouteShorthandOptions['preHandler'] | undefined,
    callOf: (request: RouteRequest<S>, reply: RouteReply<S>) => C,
  ): void => {
    const config: FastifyContextConfig = {
      ...(spec.perCaller === undefined ? {} : perCaller(ctx.tokens, spec.perCaller)),
      ...spec.config,
      ...(spec.errors ? { openapi: { ...spec.config?.openapi, errors: spec.errors } } : {}),
    };
    const handler: RouteHandlerMethod = async (request, reply) =>
      spec.handler(
        callOf(request as unknown as RouteRequest<S>, reply as unknown as RouteReply<S>),
      );
    const options: RouteOptions = {
      method: spec.method,
      url: spec.url,
      ...(preHandler ? { preHandler } : {}),
      ...(Object.keys(config).length > 0 ? { config } : {}),
      schema: { tags: spec.tags ?? defaults.tags, ...spec.schema },
      ...(spec.serializerCompiler ? { serializerCompiler: spec.serializerCompiler } : {}),
      handler,
    };
    app.route(options);
  };
  const call = <S extends FastifySchema>(request: RouteRequest<S>, reply: RouteReply<S>) => ({
    request,
    reply,
    meta: () => requestMeta(request, ctx.clock),
  });
  return {
    authed: (spec) =>
      add(spec, ctx.guards.requireAuth, (request, reply) => ({
        ...call(request, reply),
        viewer: ctx.guards.viewerOf(request),
      })),
    optional: (spec) =>
      add(spec, ctx.guards.optionalAuth, (request, reply) => ({
        ...call(request, reply),
        viewer: request.viewer,
      })),
    open: (spec) => add(spec, undefined, call),
  };
}
