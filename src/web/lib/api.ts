import type { QueryFunction } from '@tanstack/react-query';

/** An HTTP error carrying the status, with the spec's message "{status}: {body or statusText}". */
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

  /** The server's message for one field of a 400 `{ errors: [{ field, message }] }`, if any. */
  fieldMessage(field: string): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      const errors = (parsed as { errors?: unknown } | null)?.errors;
      if (!Array.isArray(errors)) return undefined;
      const hit: unknown = errors.find(
        (e: unknown) => (e as { field?: unknown } | null)?.field === field,
      );
      const message = (hit as { message?: unknown } | undefined)?.message;
      return typeof message === 'string' ? message : undefined;
    } catch {
      return undefined;
    }
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const body = await res.text();
    throw new ApiError(res.status, body, res.statusText);
  }
}

/** A write: credentials always sent, a JSON body with a JSON content type when there is a payload. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** A JSON write that reads the answer. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Reads: GET to the path built from the query-key parts joined by '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** True when the failure never reached the server (offline, DNS, refused). */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError);
}
