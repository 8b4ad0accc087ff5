import { Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a stream (or all of it when shorter) and answers them with a stream
 * that still yields everything from the start, so a type check can look before the bytes are stored.
 * Nothing past the first chunks is buffered: the rest is pulled as the new stream is read.
 */
export async function peek(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks).subarray(0, bytes);
  async function* all() {
    yield* chunks;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const stream = Readable.from(all(), { objectMode: false });
  stream.on('close', () => {
    // Stopping early (a refused type, a full disk) must release the source too.
    if (!stream.readableEnded) source.destroy();
  });
  return { head, stream };
}
