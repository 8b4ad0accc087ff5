/**
 * Endpoint descriptors: one declaration per route, shared by the server (which registers the route
 * from it) and the web (which calls it through it). This module is zod-free on purpose: the public
 * gym page's own build imports descriptors from here and must never bundle zod (docs/decisions/0017).
 * The zod schemas are attached in the contracts (endpoint-schemas.ts's `withSchemas`).
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * Who may call a route:
 * - public: anyone, signed out included (a handler may still look at the session);
 * - owner: a signed-in user (an owner or an admin), on their own data;
 * - admin: an admin only (signed out 401, an owner 403);
 * - signed-link: anyone holding a link with a valid signature (without one: 403);
 * - api-read, api-write: an API key (`Authorization: Bearer cad_live_…`, never a session) of an
 *   owner whose plan includes API access; api-write needs a key that may write (issue #19).
 */
export type Access = 'public' | 'owner' | 'admin' | 'signed-link' | 'api-read' | 'api-write';
export const ACCESSES: readonly Access[] = [
  'public',
  'owner',
  'admin',
  'signed-link',
  'api-read',
  'api-write',
];

/** The audiences an API key opens (and a session never does). */
export const API_ACCESSES: readonly Access[] = ['api-read', 'api-write'];
export const isApiAccess = (access: Access): access is 'api-read' | 'api-write' =>
  access === 'api-read' || access === 'api-write';

/** The request and response types of an endpoint (what the web sends and receives). */
export interface EndpointTypes {
  query?: unknown;
  body?: unknown;
  response?: unknown;
}

/** What a route's body is, when it is not JSON: it is read by the handler itself. */
export type RawBody = 'stream' | 'multipart' | 'json-or-multipart';

export interface Endpoint<
  M extends HttpMethod | readonly HttpMethod[] = HttpMethod | readonly HttpMethod[],
  P extends string = string,
  A extends Access = Access,
  T extends EndpointTypes = EndpointTypes,
> {
  readonly method: M;
  /** Fastify-style template: `/api/auth/videos/:id`, a trailing `*` for the rest of the path. */
  readonly path: P;
  readonly access: A;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** The body is not JSON (streamed, multipart): the handler reads it. */
  readonly rawBody?: RawBody;
  /** The success status when it is not 200 (201, 204, 302). */
  readonly status?: number;
  /** What the success answer is when it is not JSON (a file, a page, a redirect). */
  readonly produces?: string;
  /** Phantom: carries the types, never set at runtime. */
  readonly '~types'?: T;
}

/** Any endpoint, whatever its types. */
export type AnyEndpoint = Endpoint<
  HttpMethod | readonly HttpMethod[],
  string,
  Access,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  any
>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type WildcardName<P extends string> = P extends `${string}*` ? '*' : never;

/** The path parameters of a template: `/a/:id/hls/:version/*` -> { id, version, '*' }. */
export type PathParams<P extends string> = {
  [K in ParamNames<P> | WildcardName<P>]: string;
};

type TypeOf<E, K extends keyof EndpointTypes> = E extends { readonly '~types'?: infer T }
  ? NonNullable<T> extends Record<K, infer V>
    ? V
    : undefined
  : never;

export type EndpointParams<E> = E extends { readonly path: infer P extends string }
  ? PathParams<P>
  : never;
export type EndpointQuery<E> = TypeOf<E, 'query'>;
export type EndpointBody<E> = TypeOf<E, 'body'>;
export type EndpointResponse<E> = TypeOf<E, 'response'>;

/**
 * Declares an endpoint: `endpoint<{ body: B; response: R }>()({ method, path, access, summary })`.
 * (Two calls, so the types are written and the path's literal is still inferred.)
 */
export function endpoint<T extends EndpointTypes = Record<never, never>>() {
  return <
    const M extends HttpMethod | readonly HttpMethod[],
    const P extends string,
    const A extends Access,
  >(
    descriptor: Omit<Endpoint<M, P, A, T>, '~types'>,
  ): Endpoint<M, P, A, T> => descriptor;
}

export type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL of an endpoint: each `:name` filled with its encoded value (the wildcard's segments each
 * encoded), then the query string of the defined values.
 */
export function buildPath<E extends AnyEndpoint>(
  descriptor: E,
  params: EndpointParams<E>,
  query?: Readonly<Record<string, QueryValue | readonly QueryValue[]>>,
): string {
  const values = params as Record<string, string>;
  const path = descriptor.path
    .replace(/:(\w+)/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`Missing path parameter ${name}`);
      return encodeURIComponent(value);
    })
    .replace(/\*$/, () => (values['*'] ?? '').split('/').map(encodeURIComponent).join('/'));
  return path + queryString(query);
}

/** `?a=1&b=x` of the defined values (arrays repeat the name), or '' when none. */
export function queryString(
  query?: Readonly<Record<string, QueryValue | readonly QueryValue[]>>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The methods of an endpoint as a list. */
export function methodsOf(descriptor: AnyEndpoint): readonly HttpMethod[] {
  return typeof descriptor.method === 'string' ? [descriptor.method] : descriptor.method;
}
