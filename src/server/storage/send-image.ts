import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../lib/errors';
import { ObjectMissingError, type ObjectStore } from './object-store';

/** Stored images never change under a name (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A stored image under a name Cadence handed out: immutable, with an ETag, to anyone. */
export async function sendImage(
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  image: { key: string | null; file: string; type: string; missing: string },
) {
  if (!image.key) throw new NotFoundError(image.missing);
  const info = await store.head(image.key);
  if (!info) throw new NotFoundError(image.missing);
  const etag = `"${image.file.replace(/\.\w+$/, '')}-${info.size}"`;
  reply
    .header('content-type', image.type)
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('cross-origin-resource-policy', 'cross-origin');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.header('content-length', info.size);
  if (request.method === 'HEAD') return reply.send();
  try {
    return reply.send(await store.get(image.key));
  } catch (error) {
    if (error instanceof ObjectMissingError) throw new NotFoundError(image.missing);
    throw error;
  }
}
