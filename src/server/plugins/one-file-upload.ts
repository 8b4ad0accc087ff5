import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../lib/errors';
import { perSession } from './session';

/** Room for the multipart framing around a file before a declared length is refused outright. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Image uploads (a logo, a hero) per owner per hour: re-encoding costs CPU, and no one needs more. */
export const LOGO_UPLOAD_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };

/** The multipart plugin's limits for a route that takes one file of at most `fileSize` bytes. */
export function multipartLimits(fileSize: number) {
  return {
    limits: { fileSize, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 50 },
  };
}

/** LOGO_UPLOAD_LIMIT per session, answered with `message`. */
export function uploadRateLimit(message: string) {
  return {
    config: {
      rateLimit: {
        max: LOGO_UPLOAD_LIMIT.max,
        timeWindow: LOGO_UPLOAD_LIMIT.windowMs,
        keyGenerator: perSession,
        errorResponseBuilder: () => ({ statusCode: 429, message }),
      },
    },
  };
}

/**
 * The one file of a multipart upload in `field`, read into memory (at most `maxBytes`); a declared
 * length past it is refused without reading, and a malformed body is the caller's fault (400).
 */
export async function readOneFile(
  request: FastifyRequest,
  reply: FastifyReply,
  field: string,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
): Promise<Buffer> {
  const tooLarge = () => {
    // Answer at once; the rest of the body is not worth reading.
    reply.header('connection', 'close');
    return new HttpError(413, messages.tooLarge);
  };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw new ValidationError(messages.missing);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== field) throw new ValidationError(messages.missing);
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Malformed or truncated multipart, too many parts: the caller's fault, never a 500.
    throw new ValidationError(messages.missing);
  }
}
