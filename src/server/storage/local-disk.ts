import { randomUUID } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OBJECTS_PREFIX } from '@shared/uploads.contract';
import { FileSink } from './file-sink';
import {
  assertValidKey,
  withoutTrailingSlashes,
  isValidKey,
  ObjectMissingError,
  ObjectTooLargeError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  type SignedGetOptions,
} from './object-store';
import type { SignatureCheck, UrlSigner } from './signing';

/** Where the app serves local objects; the stored address of a key is this prefix plus the key. */
export const LOCAL_OBJECTS_PREFIX = OBJECTS_PREFIX;

/**
 * Buffering between the network and the disk: big enough that socket reads and disk writes overlap
 * (and small chunks are written together), small enough that memory stays flat.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

/**
 * The chunk a file is read in when it is sent: four times Node's default, so a 2 MB segment takes
 * 8 reads (each a trip through the thread pool) instead of 32, at 256 KB per connection at most.
 */
export const READ_CHUNK_BYTES = 256 * 1024;

/** A byte counter that fails the stream as soon as it passes the cap. */
export function byteLimit(maxBytes: number, onBytes?: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) {
        callback(new ObjectTooLargeError(maxBytes));
        return;
      }
      onBytes?.(total);
      callback(null, chunk);
    },
  });
}

/**
 * Objects as files under `root` (DATA_DIR/objects). Writes go to `root/.tmp` and are renamed into
 * place when complete; signed URLs are HMACs checked by the app's own object routes.
 */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly browserOrigins: readonly string[] = [];
  private readonly tmpDir: string;

  constructor(
    readonly root: string,
    private readonly signer: UrlSigner,
  ) {
    this.tmpDir = path.join(root, '.tmp');
  }

  async init(): Promise<this> {
    await mkdir(this.tmpDir, { recursive: true });
    return this;
  }

  /** The file behind a key (for ffmpeg and other local readers). */
  pathFor(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  addressFor(key: string): string {
    assertValidKey(key);
    return `${LOCAL_OBJECTS_PREFIX}${key}`;
  }

  keyFromAddress(address: string): string | null {
    // Relative addresses only: an absolute URL could name any host.
    if (!address.startsWith(LOCAL_OBJECTS_PREFIX) || /[?#]/.test(address)) return null;
    const key = address.slice(LOCAL_OBJECTS_PREFIX.length);
    return isValidKey(key) ? key : null;
  }

  async presignPut(key: string, expiresInSeconds: number): Promise<string> {
    const expires = this.signer.expiry(expiresInSeconds);
    const signature = this.signer.sign('PUT', key, expires);
    return `${this.addressFor(key)}?expires=${expires}&signature=${signature}`;
  }

  async signedGetUrl(
    key: string,
    { expiresInSeconds, downloadName }: SignedGetOptions,
  ): Promise<string> {
    const expires = this.signer.expiry(expiresInSeconds);
    const signature = this.signer.sign('GET', key, expires, downloadName ?? '');
    const download = downloadName ? `&download=${encodeURIComponent(downloadName)}` : '';
    return `${this.addressFor(key)}?expires=${expires}&signature=${signature}${download}`;
  }

  /** Checks a signed URL's query for this method and key (HEAD uses the GET signature). */
  verify(
    method: 'GET' | 'PUT',
    key: string,
    query: { expires?: string; signature?: string; download?: string },
  ): SignatureCheck {
    return this.signer.check(method, key, query.expires, query.signature, query.download ?? '');
  }

  /** Local upload links are single-use: nothing can write the key again. */
  async seal(key: string): Promise<string> {
    return key;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.pathFor(key));
      return s.isFile() ? fileInfo(s) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readRange(key: string, { start, end }: ByteRange): Promise<Buffer> {
    let handle;
    try {
      handle = await open(this.pathFor(key), 'r');
    } catch (error) {
      if (isMissing(error)) throw new ObjectMissingError(key);
      throw error;
    }
    try {
      const buffer = Buffer.alloc(end - start + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /**
   * Opens the file once and streams from that handle (closed when the stream ends or is destroyed):
   * an object replaced or deleted meanwhile is either the version opened or ObjectMissingError.
   */
  async get(key: string, range?: ByteRange): Promise<Readable> {
    let handle;
    try {
      handle = await open(this.pathFor(key), 'r');
    } catch (error) {
      if (isMissing(error)) throw new ObjectMissingError(key);
      throw error;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw new ObjectMissingError(key);
    }
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? info.size - 1, info.size - 1);
    if (end < start) {
      await handle.close();
      return Readable.from([]);
    }
    // Reads no larger than what is sent (a 25 KB still is one 25 KB read, not a 256 KB buffer),
    // and the known end spares the read that would only find the end of the file.
    return handle.createReadStream({
      start,
      end,
      highWaterMark: Math.min(READ_CHUNK_BYTES, end - start + 1),
    });
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<ObjectInfo> {
    const target = this.pathFor(key);
    const temp = path.join(this.tmpDir, randomUUID());
    let size = 0;
    try {
      const counter = byteLimit(options.maxBytes ?? Number.MAX_SAFE_INTEGER, (n) => {
        size = n;
      });
      // The file is on disk (flushed as it arrives, fsynced at the end) before it is renamed into place.
      await pipeline(body, counter, await FileSink.open(temp, 'wx'));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size, contentType: options.contentType };
  }

  async putFile(
    key: string,
    filePath: string,
    options: { contentType?: string } = {},
  ): Promise<ObjectInfo> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    await fsync(filePath);
    try {
      await rename(filePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another file system: copy through a temp file, then drop the source.
      await this.put(key, createReadStream(filePath));
      await unlink(filePath);
    }
    const s = await stat(target);
    return { size: s.size, contentType: options.contentType };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    const trimmed = withoutTrailingSlashes(prefix);
    assertValidKey(trimmed);
    await rm(path.join(this.root, ...trimmed.split('/')), { recursive: true, force: true });
  }

  /** Removes temp files of writes that never finished (a crash mid-upload), older than the cutoff. */
  async sweepTemp(olderThanMs: number, now: number): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const file = path.join(this.tmpDir, name);
      const s = await stat(file).catch(() => null);
      if (s && now - s.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async close(): Promise<void> {}
}

/** Makes sure a file's bytes are on disk (not only in the page cache) before it is published. */
async function fsync(filePath: string): Promise<void> {
  const handle = await open(filePath, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Size, a strong ETag and the modification time; a write renames a new file (a new inode) into place. */
function fileInfo(s: Stats): ObjectInfo {
  const tag = [s.ino, Math.floor(s.mtimeMs), s.size].map((n) => n.toString(16)).join('-');
  return { size: s.size, contentType: undefined, etag: `"${tag}"`, modifiedAt: s.mtime };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
