import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, StreamLimiter, type Upload } from '@tus/server';
import { API_V1_UPLOADS_PATH } from '@shared/api-v1.contract';
import { OBJECT_URL_HEADER, TUS_ENDPOINT } from '@shared/uploads.contract';
import { VIDEO_MAX_BYTES } from '@shared/videos.contract';
import type { UploadMeter } from '../../metrics/metrics';
import { FileSink } from '../../storage/file-sink';
import { STREAM_BUFFER_BYTES } from '../../storage/local-disk';
import { isValidKey, type ObjectStore } from '../../storage/object-store';
import type { StagingArea } from './uploads.service';

/** tus upload ids in URLs are the object key, base64url-encoded (keys contain slashes). */
export function encodeTusId(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

export function decodeTusId(id: string | undefined): string | null {
  if (!id || !/^[\w-]+$/.test(id)) return null;
  const key = Buffer.from(id, 'base64url').toString('utf8');
  return isValidKey(key) ? key : null;
}

interface Deps {
  store: ObjectStore;
  /** Where unfinished uploads are staged (DATA_DIR/tus). */
  stagingDir: string;
  /** Records that the upload behind `key` finished with `size` bytes. */
  onComplete(key: string, size: number): Promise<void>;
  /** Told of each PATCH's bytes as they arrive (the process's metrics). */
  meter?: UploadMeter;
}

/**
 * @tus/file-store with a bigger write buffer: its default (16 KB) makes every network chunk wait
 * for the disk, which halves throughput; with 1 MB reads and writes overlap and memory stays flat.
 */
class StagingFileStore extends FileStore {
  constructor(
    private readonly stagingDir: string,
    private readonly meter: UploadMeter | undefined,
  ) {
    super({ directory: stagingDir });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!isValidKey(id)) throw ERRORS.FILE_NOT_FOUND;
    const file = await FileSink.open(path.join(this.stagingDir, ...id.split('/')), 'r+', offset);
    let received = 0;
    const transfer = this.meter?.uploadStarted('tus');
    const counter = new Transform({
      highWaterMark: STREAM_BUFFER_BYTES,
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        transfer?.bytes(chunk.length);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    } finally {
      transfer?.end();
    }
    return offset + received;
  }
}

/** Marks a PATCH body that is the Node request itself (see `nodeBackedPatch`). */
const NODE_BODY = Symbol('node request body');
type NodeBody = { [NODE_BODY]: IncomingMessage };

/**
 * A PATCH as tus' handlers read it, but with the Node request as its body. @tus/server 2 turns every
 * body into a web ReadableStream (srvx) and back into a Node stream: two conversions per 64 KB chunk
 * that cost as much CPU as the disk write. The PATCH handler's `writeToStore` below reads this body
 * straight from the socket instead; everything else (offsets, locks, hooks, answers) stays tus'.
 */
function nodeBackedPatch(req: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const body: NodeBody = { [NODE_BODY]: req };
  return {
    method: req.method ?? 'PATCH',
    url: `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`,
    headers,
    body,
    runtime: { node: { req, res } },
  } as unknown as Request;
}

interface CancellationContext {
  signal: AbortSignal;
}

/**
 * BaseHandler.writeToStore for a Node body: the same behaviour (a proxy so a failed write never
 * destroys the request; a cut connection ends the write with what arrived; the size limit), without
 * the web-stream round trip.
 */
async function writeNodeBody(
  node: IncomingMessage,
  write: (stream: Readable) => Promise<number>,
  maxFileSize: number,
  context: CancellationContext,
): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  const proxy = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  let sourceError: unknown;
  const stop = () => {
    node.unpipe(proxy);
    if (!proxy.destroyed) proxy.end();
  };
  const onError = (error: unknown) => {
    sourceError = error;
    node.unpipe(proxy);
    if (!context.signal.aborted) proxy.destroy(error as Error);
  };
  const onClose = () => {
    if (!node.complete) stop();
  };
  node.on('error', onError);
  node.on('close', onClose);
  context.signal.addEventListener('abort', stop, { once: true });
  node.pipe(proxy);
  try {
    // The limiter is the stream the store reads; pipeline resolves with what `write` answers.
    const written: unknown = await pipeline(
      proxy,
      new StreamLimiter(maxFileSize),
      (source: AsyncIterable<Buffer>) => write(source as unknown as Readable),
    );
    return written as number;
  } catch (error) {
    node.unpipe(proxy);
    const aborted = error instanceof Error && error.name === 'AbortError';
    throw error === sourceError || aborted ? ERRORS.ABORTED : error;
  } finally {
    node.off('error', onError);
    node.off('close', onClose);
    context.signal.removeEventListener('abort', stop);
  }
}

/** What srvx hands the tus hooks: a web Request that still knows its Node request. */
type HookRequest = { runtime?: { node?: { req?: IncomingMessage } } };

/**
 * The tus server. Bytes are staged on local disk (@tus/file-store) so an upload survives dropped
 * connections and reloads; when the last byte arrives the file moves into the object store (a rename
 * on local disk, an upload to the bucket on S3) under the key the owner's upload row names.
 *
 * Authentication, ownership, size and type rules are checked by the route before a request gets
 * here (see uploads.routes.ts); the route also tells the server which key a new upload gets.
 */
export function createTusServer({ store, stagingDir, onComplete, meter }: Deps) {
  const datastore = new StagingFileStore(stagingDir, meter);
  const keyFor = new WeakMap<IncomingMessage, string>();
  const checkedKey = (req: Request): string | undefined => {
    const node = (req as unknown as HookRequest).runtime?.node?.req;
    return node ? keyFor.get(node) : undefined;
  };
  const stagedPath = (key: string) => path.join(stagingDir, ...key.split('/'));

  const server = new Server({
    path: TUS_ENDPOINT,
    datastore,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin at all (the browser client is the app itself).
    allowedOrigins: [],
    exposedHeaders: [OBJECT_URL_HEADER],
    namingFunction: (req) => {
      const key = checkedKey(req);
      if (!key) throw { status_code: 500, body: 'Upload was not registered\n' };
      return key;
    },
    // An upload made through the API is named at the API's address (the same protocol and rules).
    generateUrl: (req, { path: base, id }) =>
      `${new URL(req.url).pathname.startsWith(API_V1_UPLOADS_PATH) ? API_V1_UPLOADS_PATH : base}/${encodeTusId(id)}`,
    // Never the raw URL (its last `/` may sit in a query string): the key the route checked.
    getFileIdFromRequest: (req) => checkedKey(req),
    onUploadFinish: async (_req, upload: Upload) => {
      const key = upload.id;
      const size = upload.size ?? upload.offset;
      await store.putFile(key, stagedPath(key));
      await datastore.configstore.delete(key);
      await onComplete(key, size);
      return { headers: { [OBJECT_URL_HEADER]: store.addressFor(key) } };
    },
  });

  type WriteToStore = (
    body: ReadableStream | NodeBody | null,
    upload: Upload,
    maxFileSize: number,
    context: CancellationContext,
  ) => Promise<number>;
  const patchHandler = server.handlers.PATCH as unknown as { writeToStore: WriteToStore };
  const webWrite = patchHandler.writeToStore.bind(patchHandler);
  patchHandler.writeToStore = (body, upload, maxFileSize, context) => {
    const node = body && NODE_BODY in body ? body[NODE_BODY] : undefined;
    if (!node) return webWrite(body, upload, maxFileSize, context);
    return writeNodeBody(
      node,
      (stream) => datastore.write(stream, upload.id, upload.offset),
      maxFileSize,
      context,
    );
  };

  const staging: StagingArea = {
    async remove(key: string) {
      await datastore.remove(key).catch(() => undefined);
    },
  };

  return {
    /**
     * The key this Node request works on, as the route checked it: the key a POST creates, or the
     * upload a HEAD, PATCH or DELETE reads, appends to or deletes. Without one tus finds nothing.
     */
    assignKey(req: IncomingMessage, key: string) {
      keyFor.set(req, key);
    },
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      if (req.method !== 'PATCH') return server.handle(req, res);
      const response = await server.handleWeb(nodeBackedPatch(req, res));
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    },
    staging,
  };
}

export type TusServer = ReturnType<typeof createTusServer>;
