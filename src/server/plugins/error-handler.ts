import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

/** Framework error codes that are the caller's fault, with a clear message for each. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid content type' },
};

/** Words for a 4xx whose own message was not written for the caller. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request could not be understood',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  416: 'Range not satisfiable',
  429: 'Too many requests. Please try again later.',
};

/**
 * A 4xx's message goes to the caller only when it was written for one: the plain `{ statusCode,
 * message }` objects the routes' rate limits throw, and Fastify's own (coded `FST_…`). An Error a
 * library gave a 4xx (a file lookup's `ENOENT … /path`, a parser's internals) gets its status's words.
 */
function clientMessage(error: FastifyError, status: number): string {
  // Typed as an Error, but a rate limit's builder throws a plain object.
  const ours = !((error as unknown) instanceof Error);
  const framework = typeof error.code === 'string' && error.code.startsWith('FST_');
  if ((ours || framework) && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return STATUS_MESSAGES[status] ?? 'The request could not be processed';
}

/** What an error answers: its status and `{ message, …details }`. */
export interface ErrorAnswer {
  status: number;
  body: { message: string } & Record<string, unknown>;
}

/**
 * The one place that turns any error into a status and `{ message }`; a 5xx never leaks internals
 * (it is logged). The /api/v1 scope wraps the same answer in its own shape (api-errors.ts).
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { message: error.message, ...error.details } };
  }
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message } };
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, body: { message: 'Malformed JSON in request body' } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { message: clientMessage(error, status) } };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { message: 'Something went wrong. Please try again.' } };
}

/** The 404 of a path no route answers (the API's shape under /api/v1). */
export function notFoundAnswer(method: string, url: string): ErrorAnswer {
  const pathname = url.split('?')[0] ?? '/';
  return { status: 404, body: { message: `No route for ${method} ${pathname}` } };
}

export function registerErrorHandler(
  app: FastifyInstance,
  /** Re-shapes the answers of paths with their own error shape (/api/v1). */
  reshape: (request: FastifyRequest, answer: ErrorAnswer) => unknown = (_request, answer) =>
    answer.body,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request);
    return reply.status(answer.status).send(reshape(request, answer));
  });

  app.setNotFoundHandler((request, reply) => {
    const answer = notFoundAnswer(request.method, request.url);
    reply.status(404).send(reshape(request, answer));
  });
}
