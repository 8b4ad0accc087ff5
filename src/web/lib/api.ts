import {
  buildPath,
  type AnyEndpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type HttpMethod,
  type QueryValue,
} from '@shared/endpoint';

/** An HTTP error carrying the status, with the product's message "{status}: {body or statusText}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{message}`, when the body is the JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const { message } = parsed as { message: unknown };
        return typeof message === 'string' ? message : undefined;
      }
    } catch {
      /* not JSON */
    }
    return undefined;
  }
}

type ParamsOption<E> = keyof EndpointParams<E> extends never
  ? { params?: undefined }
  : { params: EndpointParams<E> };
type QueryOption<E> = [EndpointQuery<E>] extends [undefined]
  ? { query?: undefined }
  : Record<string, never> extends EndpointQuery<E>
    ? { query?: EndpointQuery<E> }
    : { query: EndpointQuery<E> };
type BodyOption<E> = [EndpointBody<E>] extends [undefined]
  ? { body?: undefined }
  : { body: EndpointBody<E> };

/** What a call needs: the endpoint's path parameters, query and body, each typed by it. */
export type ApiOptions<E> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> & {
    /** For an endpoint that answers several methods (GET and HEAD): the one to use. */
    method?: HttpMethod;
    signal?: AbortSignal;
  };

type OptionsArgument<E> =
  Record<string, never> extends ParamsOption<E> & QueryOption<E> & BodyOption<E>
    ? [options?: ApiOptions<E>]
    : [options: ApiOptions<E>];

type UrlOptions<E> = ParamsOption<E> & QueryOption<E>;
type UrlArgument<E> =
  Record<string, never> extends UrlOptions<E>
    ? [options?: UrlOptions<E>]
    : [options: UrlOptions<E>];

/**
 * Where a call goes: the endpoint's path with its parameters and query filled in. For the addresses
 * the browser itself opens or streams to (a download link, an image, tus, a beacon).
 */
export function apiUrl<E extends AnyEndpoint>(endpoint: E, ...[options]: UrlArgument<E>): string {
  return url(endpoint, options);
}

/**
 * The one way the web calls the API: the endpoint's descriptor (src/shared/*.contract.ts) gives the
 * method and path, the options its typed parameters, query and body; credentials always go along.
 * A JSON body gets a JSON content type (FormData goes as it is). Answers the endpoint's response
 * type (undefined when the answer has no JSON); an answer that is not 2xx throws ApiError.
 */
export async function api<E extends AnyEndpoint>(
  endpoint: E,
  ...options: OptionsArgument<E>
): Promise<EndpointResponse<E>> {
  const res = await apiResponse(endpoint, ...options);
  if (!res.headers.get('Content-Type')?.includes('json')) {
    return undefined as EndpointResponse<E>;
  }
  return (await res.json()) as EndpointResponse<E>;
}

/** `api` for an answer read as something else than JSON (a download): the Response itself. */
export async function apiResponse<E extends AnyEndpoint>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<Response> {
  const method =
    options?.method ?? (typeof endpoint.method === 'string' ? endpoint.method : endpoint.method[0]);
  const body: unknown = options?.body;
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(url(endpoint, options), {
    method,
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
    credentials: 'include',
    signal: options?.signal,
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return res;
}

/** apiUrl for options already checked against the endpoint. */
function url(endpoint: AnyEndpoint, options?: { params?: unknown; query?: unknown }): string {
  return buildPath(
    endpoint,
    (options?.params ?? {}) as Record<string, string>,
    options?.query as Record<string, QueryValue | readonly QueryValue[]> | undefined,
  );
}

/** True when the failure never reached the server (offline, DNS, refused). */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError);
}

/**
 * The server's own message for a failed call (a 409's "already taken", a 400's first problem), or
 * `fallback` when the server sent none or was never reached.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The server's per-field messages of a 400 `{ message, errors: [{ field, message }] }`. */
export function fieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const { errors } = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(errors)) return [];
    return errors.filter(
      (e): e is { field: string; message: string } =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as { field?: unknown }).field === 'string' &&
        typeof (e as { message?: unknown }).message === 'string',
    );
  } catch {
    return [];
  }
}
