import type { FastifyRequest } from 'fastify';
import { API_V1_PREFIX, type ApiErrorBody } from '@shared/api-v1.contract';
import { isApiAccess } from '@shared/endpoint';
import type { ErrorAnswer } from './error-handler';

/** The machine-readable code of each status; an error may name its own (`code` in its details). */
const CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
};

const isApiPath = (url: string) => url === API_V1_PREFIX || url.startsWith(`${API_V1_PREFIX}/`);

/** An API request: its route is an API route, or (no route matched) its path is the API's. */
function isApiRequest(request: FastifyRequest): boolean {
  const access = request.routeOptions?.config?.endpoint?.access;
  if (access) return isApiAccess(access);
  return isApiPath(request.url.split('?')[0] ?? '');
}

/**
 * The API's error shape, `{ "error": { "code", "message", "fields"? } }`, for every answer of an
 * /api/v1 route or path (the same words as the app's `{ message, errors }`); other requests keep
 * the app's shape.
 */
export function reshapeApiErrors(request: FastifyRequest, answer: ErrorAnswer): unknown {
  if (!isApiRequest(request)) return answer.body;
  const { message, code, errors } = answer.body as {
    message: string;
    code?: unknown;
    errors?: ApiErrorBody['error']['fields'];
  };
  const body: ApiErrorBody = {
    error: {
      code: typeof code === 'string' ? code : (CODES[answer.status] ?? 'error'),
      message,
      ...(Array.isArray(errors) ? { fields: errors } : {}),
    },
  };
  return body;
}
