import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileSink, FLUSH_EVERY_BYTES } from './file-sink';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-sink-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('FileSink', () => {
  it('writes every byte in order across several flushes', async () => {
    const chunk = randomBytes(1024 * 1024 + 3);
    const count = Math.ceil((2 * FLUSH_EVERY_BYTES + 5) / chunk.length);
    const file = path.join(dir, 'big');
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < count; i++) yield chunk;
        })(),
      ),
      await FileSink.open(file, 'wx'),
    );
    const written = await readFile(file);
    expect(written.length).toBe(chunk.length * count);
    expect(sha(written)).toBe(sha(Buffer.concat(Array.from({ length: count }, () => chunk))));
  });

  it('continues an existing file at an offset (a resumed upload)', async () => {
    const file = path.join(dir, 'resumed');
    await writeFile(file, Buffer.from('hello '));
    await pipeline(Readable.from([Buffer.from('world')]), await FileSink.open(file, 'r+', 6));
    expect((await readFile(file)).toString()).toBe('hello world');
  });

  it('refuses to overwrite with wx and closes the file when the source fails', async () => {
    const file = path.join(dir, 'taken');
    await writeFile(file, 'x');
    await expect(FileSink.open(file, 'wx')).rejects.toMatchObject({ code: 'EEXIST' });
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(
      pipeline(failing, await FileSink.open(path.join(dir, 'broken'), 'wx')),
    ).rejects.toThrow('connection lost');
  });
});
