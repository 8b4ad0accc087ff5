import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Bytes written between two flushes to disk. */
export const FLUSH_EVERY_BYTES = 32 * 1024 * 1024;
const BUFFER_BYTES = 1024 * 1024;

/**
 * A file writer for large uploads that keeps the disk busy while the network is: every 32 MB it
 * asks the kernel to flush (fdatasync, in the background, at most one at a time), and it fsyncs at
 * the end. So the bytes are on disk when the upload answers, dirty memory stays bounded, and the
 * final flush has little left to do.
 */
export class FileSink extends Writable {
  private handle: FileHandle | undefined;
  private position: number;
  private unflushed = 0;
  private flushing: Promise<void> | undefined;

  /** Opens `file` ('wx' creates it, 'r+' writes into an existing one at `start`). */
  static async open(file: string, flags: 'wx' | 'r+', start = 0): Promise<FileSink> {
    return new FileSink(await open(file, flags), start);
  }

  private constructor(handle: FileHandle, start: number) {
    super({ highWaterMark: BUFFER_BYTES });
    this.handle = handle;
    this.position = start;
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    void this.writeAll(chunks.map((c) => c.chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    void (async () => {
      await this.flushing;
      await this.handle!.sync();
      await this.close();
    })().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    void this.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    const handle = this.handle!;
    let total = buffers.reduce((n, b) => n + b.length, 0);
    while (total > 0) {
      const { bytesWritten } = await handle.writev(buffers, this.position);
      this.position += bytesWritten;
      this.unflushed += bytesWritten;
      total -= bytesWritten;
      if (total > 0) buffers = remaining(buffers, bytesWritten);
    }
    if (this.unflushed >= FLUSH_EVERY_BYTES) {
      this.unflushed = 0;
      // One flush at a time: if the last one is still running, the disk sets the pace.
      await this.flushing;
      this.flushing = handle.datasync();
    }
  }

  private async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await this.flushing?.catch(() => undefined);
    await handle?.close();
  }
}

function remaining(buffers: Buffer[], written: number): Buffer[] {
  const out: Buffer[] = [];
  let skip = written;
  for (const b of buffers) {
    if (skip >= b.length) {
      skip -= b.length;
      continue;
    }
    out.push(skip > 0 ? b.subarray(skip) : b);
    skip = 0;
  }
  return out;
}
