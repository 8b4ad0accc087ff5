import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onSendHookHandler,
} from 'fastify';
import { z } from 'zod';
import {
  ACCESSES,
  type Access,
  type AnyEndpoint,
  type EndpointParams,
  type EndpointResponse,
  methodsOf,
} from '@shared/endpoint';
import type { EndpointSchemas } from '@shared/endpoint-schemas';
import type { UserRow } from '../db/schema/users';
import { HttpError } from '../lib/errors';
import { parse } from '../lib/validate';
import type { Guards } from './guards';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on owner and admin routes (their plugin's onRequest hook sets it). */
    sessionUser: UserRow | null;
  }
  interface FastifyContextConfig {
    /** The descriptor a route was registered from (the route table reads it). */
    endpoint?: AnyEndpoint;
  }
}

type SchemasOf<E> = E extends { schemas: infer S extends EndpointSchemas }
  ? S
  : Record<never, never>;
type Parsed<E, K extends keyof EndpointSchemas, Fallback> =
  SchemasOf<E> extends Record<K, infer S extends z.ZodType> ? z.output<S> : Fallback;

/** What a handler gets: the validated input, the user where the route needs one, and the raw pair. */
export interface RouteInput<E extends AnyEndpoint> {
  params: Parsed<E, 'params', EndpointParams<E>>;
  query: Parsed<E, 'query', unknown>;
  body: Parsed<E, 'body', unknown>;
  /** The signed-in user on owner and admin routes; the key's owner on API routes. */
  user: E['access'] extends 'owner' | 'admin' | 'api-read' | 'api-write' ? UserRow : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the endpoint's response type, or sends its own answer through the reply. */
export type RouteHandler<E extends AnyEndpoint> = (
  input: RouteInput<E>,
) => Promise<EndpointResponse<E> | FastifyReply>;

export interface RouteOptions {
  /** Route config (rate limits). */
  config?: FastifyContextConfig;
  /** The handler reads the query itself (its own 400 shape); the schema documents it. */
  ownQueryErrors?: boolean;
  /** Turns the body as parsed into what the schema reads (e.g. JSON sent as text/plain). */
  readBody?: (body: unknown) => unknown;
}

export interface RegisterOptions {
  /**
   * Check every JSON success answer against its descriptor's response schema before it is sent:
   * an answer the schema refuses, or JSON from a route that declares no response schema, becomes a
   * 500 naming the problem. The test harness turns it on; production sends answers unchecked.
   */
  checkResponses?: boolean;
}

/** Sets up a scope's own parsers (multipart, raw streams) for the routes registered in it. */
export type ScopeSetup = (scope: FastifyInstance) => void | Promise<void>;

interface RouteEntry {
  kind: 'route';
  descriptor: AnyEndpoint & { schemas?: EndpointSchemas };
  handler: RouteHandler<AnyEndpoint>;
  options: RouteOptions;
}

interface GroupEntry {
  kind: 'group';
  setup: ScopeSetup;
  routes: RouteCollector;
}

/**
 * Where modules declare their routes from the descriptors. Nothing is registered here: the routes
 * are registered later, each in the plugin of its descriptor's audience (registerAudiences).
 */
export class RouteCollector {
  private readonly entries: Array<RouteEntry | GroupEntry> = [];

  /** A route from its descriptor: validated input, typed handler, in its audience's plugin. */
  route<E extends AnyEndpoint>(
    descriptor: E,
    handler: RouteHandler<NoInfer<E>>,
    options: RouteOptions = {},
  ): void {
    this.entries.push({
      kind: 'route',
      descriptor,
      handler: handler as unknown as RouteHandler<AnyEndpoint>,
      options,
    });
  }

  /** Routes that need their own parsers: registered in a child scope (per audience) set up first. */
  group(setup: ScopeSetup, declare: (routes: RouteCollector) => void): void {
    const routes = new RouteCollector();
    declare(routes);
    this.entries.push({ kind: 'group', setup, routes });
  }

  /** Every declared route's descriptor, groups included (what the OpenAPI document describes). */
  descriptors(): Array<AnyEndpoint & { schemas?: EndpointSchemas }> {
    return this.entries.flatMap((entry) =>
      entry.kind === 'route' ? [entry.descriptor] : entry.routes.descriptors(),
    );
  }

  private has(access: Access): boolean {
    return this.entries.some((entry) =>
      entry.kind === 'route' ? entry.descriptor.access === access : entry.routes.has(access),
    );
  }

  /** Registers this audience's routes in its plugin's scope. */
  async registerInto(
    scope: FastifyInstance,
    access: Access,
    options: RegisterOptions = {},
  ): Promise<void> {
    for (const entry of this.entries) {
      if (entry.kind === 'group') {
        if (!entry.routes.has(access)) continue;
        await scope.register(async (child) => {
          await entry.setup(child);
          await entry.routes.registerInto(child, access, options);
        });
      } else if (entry.descriptor.access === access) {
        registerRoute(scope, entry, options);
      }
    }
  }
}

function registerRoute(
  scope: FastifyInstance,
  { descriptor, handler, options }: RouteEntry,
  { checkResponses = false }: RegisterOptions,
): void {
  const schemas = descriptor.schemas ?? {};
  scope.route({
    method: descriptor.method as HTTPMethods | HTTPMethods[],
    url: descriptor.path,
    config: { ...options.config, endpoint: descriptor },
    ...(checkResponses ? { onSend: checkResponse(descriptor) } : {}),
    handler: (request, reply) => {
      // The success status the descriptor names (201, 204); an error sets its own.
      if (descriptor.status) reply.status(descriptor.status);
      return handler({
        params: schemas.params ? parse(schemas.params, request.params) : request.params,
        query:
          schemas.query && !options.ownQueryErrors
            ? parse(schemas.query, request.query)
            : request.query,
        body:
          schemas.body && !descriptor.rawBody
            ? parse(schemas.body, (options.readBody ?? same)(request.body))
            : request.body,
        user: request.sessionUser ?? undefined,
        request,
        reply,
      } as RouteInput<AnyEndpoint>);
    },
  });
}

const same = (value: unknown) => value;

/**
 * An onSend hook that parses a JSON success answer (as serialized: what the client gets) with the
 * descriptor's response schema. Error answers have their own shape and are not checked.
 */
function checkResponse(descriptor: RouteEntry['descriptor']): onSendHookHandler {
  const route = `${methodsOf(descriptor).join(',')} ${descriptor.path}`;
  return async (request, reply, payload) => {
    const json = /^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''));
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !json) return payload;
    const schema = descriptor.schemas?.response;
    if (!schema) {
      throw new HttpError(500, `${route} answers JSON but its descriptor has no response schema`);
    }
    const result = schema.safeParse(JSON.parse(String(payload)));
    if (result.success) return payload;
    request.log.error({ route, issues: result.error.issues }, 'answer refused by its schema');
    throw new HttpError(
      500,
      `${route} answered what its response schema refuses:\n${z.prettifyError(result.error)}`,
    );
  };
}

/** Each audience's guard: the owner and admin plugins read the session, the API plugins a key. */
const AUTHENTICATE: Partial<Record<Access, keyof Guards>> = {
  owner: 'user',
  admin: 'admin',
  'api-read': 'apiRead',
  'api-write': 'apiWrite',
};

/**
 * One encapsulated plugin per audience, each with the routes whose descriptor names it. The owner,
 * admin and API plugins authenticate in an onRequest hook (401 signed out or without a valid key;
 * 403 for a non-admin, or a key that may not do this) before any route of theirs runs: a route added
 * there cannot be reached without a session or a key. `setup` adds an audience's own hooks (the
 * API's rate limit and idempotency) after its guard.
 */
export async function registerAudiences(
  app: FastifyInstance,
  guards: Guards,
  routes: RouteCollector,
  options: RegisterOptions & { setup?: Partial<Record<Access, ScopeSetup>> } = {},
): Promise<void> {
  app.decorateRequest('sessionUser', null);
  for (const access of ACCESSES) {
    const guard = AUTHENTICATE[access];
    await app.register(async (scope) => {
      if (guard) {
        scope.addHook('onRequest', async (request, reply) => {
          request.sessionUser = await guards[guard](request, reply);
        });
      }
      await options.setup?.[access]?.(scope);
      await routes.registerInto(scope, access, options);
    });
  }
}
