/**
 * The Fastify application (architecture.md §5; style.md "fastify/demo"): external plugins first
 * (security headers, CORS, rate limits, sensible errors), then GraphQL with every module's schema,
 * then routes. A client never sees a 5xx's details; every error is logged with the request id.
 */
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import sensible from '@fastify/sensible';
import mercurius from 'mercurius';
import { GraphQLError } from 'graphql';
import { readFileSync } from 'node:fs';
import type { ServerConfig } from './config.ts';
import { codedError, isCodedError } from './graphql/errors.ts';
import { GRAPHQL_LIMITS, limitRules, timeBoxed, withoutSuggestions } from './graphql/limits.ts';
import { localeOf } from './graphql/context.ts';
import type { GraphQLContext, Viewer } from './graphql/context.ts';
import { scalarResolvers } from './graphql/scalars.ts';
import type { ApiModule } from './modules/module.ts';
import type { AppServices } from './services.ts';
import { contentSecurityPolicy, defaultWebSites, registerWebSites } from './web.ts';
import type { WebSite } from './web.ts';

/** True when any string inside `value` (a parsed JSON body or query) holds U+0000. */
const containsNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1),
  );
};

/**
 * The origins a browser may call the API from (issue 15 item 6): `PUBLIC_URL`'s and `CORS_ORIGINS`;
 * `false` (no CORS headers at all) when there are none — the web apps are served from the API's origin.
 */
export const allowedOrigins = (config: ServerConfig): string[] | false => {
  const origins = [
    ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []),
    ...(config.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
  ];
  return origins.length > 0 ? [...new Set(origins)] : false;
};

export const BASE_SCHEMA = readFileSync(new URL('./graphql/base.graphql', import.meta.url), 'utf8');

/** The whole schema: the base and every module's extensions. */
export const schemaOf = (modules: readonly ApiModule[]): string =>
  [BASE_SCHEMA, ...modules.map((m) => m.typeDefs)].join('\n');

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Who is calling a plain HTTP route, as GraphQL sees it (staff downloads); null for nobody. */
    viewerOf(request: FastifyRequest): Promise<Viewer | null>;
  }
}

/** Finds who is calling from a request's headers; identity modules provide it. */
export type Authenticate = (request: FastifyRequest, services: AppServices) => Promise<Viewer | null>;

export interface BuildAppOptions {
  readonly authenticate?: Authenticate;
  /** The web apps served next to the API (web.ts); default the player site at `/` and the back office at `/admin/`. */
  readonly web?: readonly WebSite[];
}

/**
 * True for graphql-js's own errors. By name, not `instanceof`: Mercurius (CommonJS) and this file (ESM)
 * may load the two builds of the `graphql` package, each with its own class.
 */
const isGraphQLError = (error: unknown): error is GraphQLError =>
  error instanceof Error && error.name === 'GraphQLError';

/** Every module's resolvers in one map; top-level Query fields time-boxed to `queryTimeoutMs` (limits.ts). */
const mergeResolvers = (modules: readonly ApiModule[], queryTimeoutMs: number) => {
  const merged: Record<string, Record<string, unknown>> = { ...scalarResolvers } as never;
  for (const module of modules) {
    for (const [type, fields] of Object.entries(module.resolvers)) {
      merged[type] = { ...(merged[type] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  const query = merged['Query'] ?? {};
  for (const [name, resolve] of Object.entries(query))
    if (typeof resolve === 'function')
      query[name] = timeBoxed(resolve as (...args: unknown[]) => unknown, queryTimeoutMs);
  return merged;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False: the route answers other servers only, without the browsers' security headers (helmet). */
    securityHeaders?: boolean;
  }
}

export const buildApp = async (
  config: ServerConfig,
  services: AppServices,
  modules: readonly ApiModule[],
  options: BuildAppOptions = {},
): Promise<FastifyInstance> => {
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    // the services' pino logger (logger.ts), typed as Fastify's base logger so that plugins see the usual instance
    loggerInstance: services.logger as FastifyBaseLogger,
    bodyLimit: GRAPHQL_LIMITS.staffBodyBytes,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((p) => p.trim()) : false,
  });
  // Security headers (helmet, with the site's Content-Security-Policy), the middleware built ONCE:
  // @fastify/helmet builds it again on every request, parsing the CSP directives each time — 4% of the
  // server's CPU under bench:api (docs/benchmarks.md "Session 6 performance"). Same headers.
  const securityHeaders = helmet({ contentSecurityPolicy });
  // A route for servers, not browsers, opts out with `config.securityHeaders: false` (the casino wallet
  // API: a dozen headers no provider reads, on thousands of calls a second).
  app.addHook('onRequest', (request, reply, done) =>
    request.routeOptions.config.securityHeaders === false
      ? done()
      : securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(cors, { origin: allowedOrigins(config) });
  await app.register(rateLimit, { max: 600, timeWindow: '1 minute' });
  await app.register(sensible);
  app.decorate('services', services);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ code: 'INTERNAL', message: 'server error', requestId: request.id });
    }
    return reply.status(status).send({
      code: status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST',
      message: error.message,
      requestId: request.id,
    });
  });

  // A coded refusal from `authenticate` (e.g. IP_BLOCKED) cannot be returned from the context function
  // (Mercurius would answer an empty body); it is kept here and thrown before execution instead.
  const refusals = new WeakMap<FastifyRequest, Error>();
  const viewerOf = async (request: FastifyRequest): Promise<Viewer | null> => {
    if (!options.authenticate) return null;
    try {
      return await options.authenticate(request, services);
    } catch (error) {
      if (!isCodedError(error)) throw error;
      refusals.set(request, error as Error);
      return null;
    }
  };
  app.decorate('viewerOf', viewerOf);
  const throwRefusal = async (_schema: unknown, _document: unknown, context: unknown) => {
    const request = (context as { request?: FastifyRequest }).request;
    const refusal = request && refusals.get(request);
    if (refusal) throw refusal;
  };

  /**
   * Websocket clients (graphql-ws, docs/live.md "Authentication") cannot set headers in a browser: they
   * send them in `connection_init`'s payload, `{ authorization: 'Bearer …' }` or `{ headers: { … } }`.
   * Every subscription authenticates again with the upgrade request's headers plus those (the upgrade's
   * win, as Mercurius does), so a session ended since the connection opened gets no new subscription.
   * Coded refusals (`IP_BLOCKED`) reach the client as they are; other failures as `INTERNAL`.
   */
  const authenticateSubscription = async (_schema: unknown, _document: unknown, context: unknown) => {
    const ctx = context as { request?: FastifyRequest; viewer?: Viewer | null; _connectionInit?: unknown };
    if (!options.authenticate || !ctx.request) return;
    const init = ctx._connectionInit as { headers?: unknown } | null | undefined;
    const sent = (typeof init?.headers === 'object' ? init.headers : init) as Record<string, unknown> | null;
    const headers: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sent ?? {}))
      if (typeof value === 'string') headers[key.toLowerCase()] = value;
    // A view of the upgrade request with those headers; `ip` still comes from the connection itself.
    const request = Object.create(ctx.request, {
      headers: { value: { ...headers, ...ctx.request.headers }, enumerable: true },
    }) as FastifyRequest;
    try {
      ctx.viewer = await options.authenticate(request, services);
    } catch (error) {
      if (isCodedError(error)) throw error;
      ctx.request.log.error({ err: error }, 'websocket authentication failed');
      throw codedError('INTERNAL', 'server error');
    }
  };

  const contextOf = async (request: FastifyRequest): Promise<Omit<GraphQLContext, 'reply'>> => ({
    services,
    viewer: await viewerOf(request),
    locale: localeOf((request.headers['locale'] as string | undefined) ?? request.headers['accept-language']),
    requestId: request.id,
    ip: request.ip,
    request,
  });

  // Issue 15 item 1: a `/graphql` body above GRAPHQL_LIMITS.bodyBytes is refused (HTTP 413, BAD_INPUT)
  // before it is read, unless an authenticated staff member sends it (file uploads); a body without a
  // declared length is refused with 411 (browsers always declare it).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.startsWith('/graphql')) return;
    const declared = request.headers['content-length'];
    const refuse = (status: number, message: string) =>
      reply.status(status).send({ data: null, errors: [{ message, extensions: { code: 'BAD_INPUT' } }] });
    if (declared === undefined) return refuse(411, 'the request body must declare its length');
    if (Number(declared) <= GRAPHQL_LIMITS.bodyBytes) return;
    const viewer = await viewerOf(request).catch(() => null);
    if (viewer?.kind !== 'staff')
      return refuse(413, `the request body is larger than ${GRAPHQL_LIMITS.bodyBytes} bytes`);
  });

  await app.register(mercurius, {
    schema: schemaOf(modules),
    resolvers: mergeResolvers(modules, config.GRAPHQL_RESOLVER_TIMEOUT_MS) as never,
    validationRules: limitRules(production),
    queryDepth: GRAPHQL_LIMITS.maxDepth,
    graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens } },
    context: (request) => contextOf(request),
    subscription: {
      emitter: services.emitter,
      context: async (_socket, request) => contextOf(request),
      // Spec §7/§9: a heartbeat every 5 s (graphql-transport-ws `ping`; clients answer `pong`).
      keepAlive: 5_000,
    },
    graphiql: false,
    errorFormatter: (execution, context) => {
      // Mercurius reports a refused document or refused variables as ONE error holding the list
      // (MER_ERR_GQL_VALIDATION): unwrap it so that each of them is coded below.
      // A list refused as a whole by Mercurius with an HTTP status (a mutation sent by GET: 405) keeps
      // that status on each of its errors, so that they are coded as the client's mistake below.
      let requestStatus = 200;
      const flat = (execution.errors ?? []).flatMap((error): GraphQLError[] => {
        const outer = (error as { originalError?: { errors?: unknown; statusCode?: unknown } }).originalError;
        const inner = outer?.errors;
        if (!Array.isArray(inner)) return [error];
        const status = typeof outer?.statusCode === 'number' ? outer.statusCode : undefined;
        return inner.map((e: Error) =>
          isGraphQLError(e)
            ? e
            : new GraphQLError(e.message, {
                originalError: status && !('statusCode' in e) ? Object.assign(e, { statusCode: status }) : e,
              }),
        );
      });
      const errors = flat.map((error) => {
        // The cause: GraphQL wraps a refused variable's error (and that error may wrap a scalar's).
        let original = error.originalError;
        while (isGraphQLError(original) && original.originalError) original = original.originalError;
        if (original && isCodedError(original)) {
          if (typeof error.extensions?.['code'] === 'string') return error;
          const { extensions } = original as unknown as { extensions: Record<string, unknown> };
          return Object.assign(error, { extensions: { ...error.extensions, ...extensions } });
        }
        // No cause but GraphQL itself: it refused the document or its variables (syntax, validation, a
        // missing or ill-typed variable) — the client's mistake, coded as such.
        if (!original || isGraphQLError(original)) {
          // Production names no field of the schema the caller did not already know (issue 15 item 1).
          if (production) Object.assign(error, { message: withoutSuggestions(error.message) });
          if (typeof error.extensions?.['code'] === 'string') return error;
          return Object.assign(error, { extensions: { ...error.extensions, code: 'BAD_INPUT' } });
        }
        // Fastify refused the request itself (a body that is not JSON, prototype poisoning, too large):
        // a 4xx with a safe message, e.g. "Object contains forbidden prototype property".
        const status = (original as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          requestStatus = status;
          const code = status === 429 ? 'RATE_LIMITED' : 'BAD_INPUT';
          return Object.assign(error, { extensions: { ...error.extensions, code } });
        }
        // PostgreSQL refused a character of the client's text (NUL; SQLSTATE 22021): bad input, not a crash.
        if ((original as { code?: unknown }).code === '22021') {
          const message = 'text contains a character that cannot be stored (such as NUL)';
          return Object.assign(error, { message, extensions: { code: 'BAD_INPUT' } });
        }
        (context as { reply?: { log: FastifyInstance['log'] } }).reply?.log.error(
          { err: original },
          'resolver failed',
        );
        const hidden = codedError('INTERNAL', 'server error');
        return Object.assign(error, { message: hidden.message, extensions: { code: 'INTERNAL' } });
      });
      const formatted = mercurius.defaultErrorFormatter({ ...execution, errors } as never, context);
      // Coded refusals are answers, not failures: keep HTTP 200 like any GraphQL result (but a request
      // Fastify could not read keeps its 4xx).
      return { statusCode: requestStatus, response: formatted.response };
    },
  });

  app.graphql.addHook('preExecution', throwRefusal);
  app.graphql.addHook('preSubscriptionExecution', throwRefusal);
  app.graphql.addHook('preSubscriptionExecution', authenticateSubscription);

  // PostgreSQL cannot store the NUL character in text, and the event store prepares statements whose
  // parameters it would break: refuse it at the edge, for every operation, before any resolver runs.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/graphql') || !containsNul(request.body ?? request.query)) return;
    return reply.send({
      data: null,
      errors: [{ message: 'text must not contain the NUL character', extensions: { code: 'BAD_INPUT' } }],
    });
  });

  for (const module of modules) if (module.routes) await module.routes(app, services);

  /** Liveness and readiness: answers 200 when the database answers. */
  app.get('/healthz', async () => {
    await services.sql.query('SELECT 1');
    return { status: 'ok', eventStore: services.store.kind, time: new Date().toISOString() };
  });

  await registerWebSites(app, options.web ?? defaultWebSites());

  return app;
};
