import type { FastifyError, FastifyInstance } from 'fastify';
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

/** One place that turns any error into a status and `{ message }`; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.details });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send({ message: 'Malformed JSON in request body' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
