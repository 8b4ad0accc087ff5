import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openObjectStore } from './create-object-store';
import { HOT_FILE_CHECK_MS, hotFiles } from './hot-files';
import type { ObjectStore } from './object-store';

let dir: string;
let store: ObjectStore;
let clock: number;
const now = () => clock;
/** The store's calls, by method. */
let calls: { head: number; readRange: number };

function counted(inner: ObjectStore): Pick<ObjectStore, 'head' | 'readRange'> {
  return {
    head: (key) => {
      calls.head++;
      return inner.head(key);
    },
    readRange: (key, range) => {
      calls.readRange++;
      return inner.readRange(key, range);
    },
  };
}

const bytesOf = (size: number, fill: number) => Buffer.alloc(size, fill);
const put = (key: string, bytes: Buffer) => store.put(key, Readable.from([bytes]));

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-hot-files-'));
  store = await openObjectStore(loadConfig({ DATA_DIR: dir, STORAGE: 'local' }), Date.now);
  clock = 1_000_000;
  calls = { head: 0, readRange: 0 };
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('hotFiles', () => {
  it('keeps a file in memory: within a second nothing is asked of the store', async () => {
    await put('videos/a/seg.m4s', bytesOf(1000, 1));
    const hot = hotFiles(counted(store), { budgetBytes: 10_000, now });
    const first = await hot.find('videos/a/seg.m4s');
    expect(first?.bytes).toEqual(bytesOf(1000, 1));
    expect(first?.info).toMatchObject({ size: 1000, etag: expect.stringMatching(/^".+"$/) });
    expect(hot.usedBytes).toBe(1000);
    const asked = { ...calls };
    clock += HOT_FILE_CHECK_MS - 1;
    expect(await hot.find('videos/a/seg.m4s')).toBe(first);
    expect(calls).toEqual(asked);
  });

  it('checks it after a second: the same version is one HEAD and no read', async () => {
    await put('videos/a/seg.m4s', bytesOf(1000, 1));
    const hot = hotFiles(counted(store), { budgetBytes: 10_000, now });
    const first = await hot.find('videos/a/seg.m4s');
    clock += HOT_FILE_CHECK_MS;
    const asked = { ...calls };
    expect(await hot.find('videos/a/seg.m4s')).toBe(first);
    expect(calls).toEqual({ head: asked.head + 1, readRange: asked.readRange });
  });

  it('serves a replaced file as stored once checked, and forgets a deleted one', async () => {
    await put('videos/a/poster.jpg', bytesOf(500, 1));
    const hot = hotFiles(store, { budgetBytes: 10_000, now });
    const before = await hot.find('videos/a/poster.jpg');
    await put('videos/a/poster.jpg', bytesOf(600, 2));
    // Within the second: as it was.
    expect((await hot.find('videos/a/poster.jpg'))?.bytes).toEqual(bytesOf(500, 1));
    clock += HOT_FILE_CHECK_MS;
    const after = await hot.find('videos/a/poster.jpg');
    expect(after?.bytes).toEqual(bytesOf(600, 2));
    expect(after?.info.etag).not.toBe(before?.info.etag);
    expect(hot.usedBytes).toBe(600);
    await store.delete('videos/a/poster.jpg');
    clock += HOT_FILE_CHECK_MS;
    expect(await hot.find('videos/a/poster.jpg')).toBeNull();
    expect(hot.usedBytes).toBe(0);
  });

  it('answers null for a key the store does not have', async () => {
    const hot = hotFiles(store, { budgetBytes: 10_000, now });
    expect(await hot.find('videos/a/none.m4s')).toBeNull();
  });

  it('streams what does not fit (larger than a file may be, or than the budget): no bytes kept', async () => {
    await put('videos/a/big.mp4', bytesOf(3000, 1));
    const hot = hotFiles(counted(store), { budgetBytes: 10_000, maxFileBytes: 2000, now });
    const big = await hot.find('videos/a/big.mp4');
    expect(big).toMatchObject({ info: { size: 3000 }, bytes: null });
    expect(calls.readRange).toBe(0);
    const none = hotFiles(store, { budgetBytes: 0, now });
    await put('videos/a/small.jpg', bytesOf(10, 1));
    expect(await none.find('videos/a/small.jpg')).toMatchObject({ bytes: null });
    expect(none.usedBytes).toBe(0);
  });

  it('stays within its budget, the least recently used going first', async () => {
    for (const name of ['a', 'b', 'c']) await put(`videos/x/${name}`, bytesOf(400, 1));
    const hot = hotFiles(counted(store), { budgetBytes: 1000, now });
    await hot.find('videos/x/a');
    await hot.find('videos/x/b');
    await hot.find('videos/x/a'); // a used after b
    await hot.find('videos/x/c'); // 1200 > 1000: b goes
    expect(hot.usedBytes).toBe(800);
    const reads = calls.readRange;
    await hot.find('videos/x/a');
    await hot.find('videos/x/c');
    expect(calls.readRange).toBe(reads);
    await hot.find('videos/x/b');
    expect(calls.readRange).toBe(reads + 1);
    expect(hot.usedBytes).toBe(800);
  });

  it('counts a file evicted while answers still send it, until the last one closes', async () => {
    for (const name of ['a', 'b']) await put(`videos/x/${name}`, bytesOf(600, 1));
    const hot = hotFiles(store, { budgetBytes: 1000, now });
    const a = await hot.find('videos/x/a');
    const release = hot.hold(a!.bytes!)!;
    const second = hot.hold(a!.bytes!)!;
    // b does not fit beside a, and a (evicted) is still being sent: b is streamed, not kept.
    expect(await hot.find('videos/x/b')).toMatchObject({ bytes: null });
    expect(hot.usedBytes).toBe(600);
    release();
    release(); // once only
    expect(await hot.find('videos/x/b')).toMatchObject({ bytes: null });
    second();
    // The last answer sending a has closed: its bytes are free, and b is read and kept.
    expect((await hot.find('videos/x/b'))?.bytes).toEqual(bytesOf(600, 1));
    expect(hot.usedBytes).toBe(600);
    // A Buffer that is not a kept file: not counted.
    expect(hot.hold(Buffer.alloc(10))).toBeNull();
    expect(hot.usedBytes).toBe(600);
  });

  it('evicts nothing when what answers still send leaves no room anyway', async () => {
    for (const name of ['a', 'b']) await put(`videos/x/${name}`, bytesOf(400, 1));
    const hot = hotFiles(counted(store), { budgetBytes: 1000, now });
    const a = await hot.find('videos/x/a');
    await hot.find('videos/x/b');
    const releaseA = hot.hold(a!.bytes!)!;
    // a (400) is being sent; evicting b would free 400, and 700 more still would not fit.
    await put('videos/x/d', bytesOf(700, 1));
    expect(await hot.find('videos/x/d')).toMatchObject({ bytes: null });
    // b was not evicted for nothing: still served from memory.
    const reads = calls.readRange;
    await hot.find('videos/x/b');
    expect(calls.readRange).toBe(reads);
    releaseA();
  });

  it('gives the bytes of a read back to the budget when the store fails meanwhile', async () => {
    const key = 'videos/a/seg.m4s';
    await put(key, bytesOf(1000, 1));
    let heads = 0;
    const failing: Pick<ObjectStore, 'head' | 'readRange'> = {
      head: async (k) => {
        heads++;
        if (heads === 2) throw new Error('the store is down');
        return store.head(k);
      },
      readRange: (k, range) => store.readRange(k, range),
    };
    const hot = hotFiles(failing, { budgetBytes: 10_000, now });
    await expect(hot.find(key)).rejects.toThrow('the store is down');
    expect(hot.usedBytes).toBe(0);
    expect((await hot.find(key))?.bytes).toEqual(bytesOf(1000, 1));
    expect(hot.usedBytes).toBe(1000);
  });

  it('reads a file once for many riders asking at the same moment', async () => {
    await put('videos/a/seg.m4s', bytesOf(5000, 3));
    const hot = hotFiles(counted(store), { budgetBytes: 10_000, now });
    const all = await Promise.all(Array.from({ length: 50 }, () => hot.find('videos/a/seg.m4s')));
    expect(new Set(all).size).toBe(1);
    expect(calls.readRange).toBe(1);
  });

  it('keeps nothing read while the file was replaced: the next ask reads it again', async () => {
    const key = 'videos/a/seg.m4s';
    await put(key, bytesOf(1000, 1));
    let replaceOnRead = true;
    const racing: Pick<ObjectStore, 'head' | 'readRange'> = {
      head: (k) => store.head(k),
      readRange: async (k, range) => {
        const bytes = await store.readRange(k, range);
        if (replaceOnRead) {
          replaceOnRead = false;
          // Another write lands between the read and the check after it.
          await put(key, bytesOf(1000, 2));
        }
        return bytes;
      },
    };
    const hot = hotFiles(racing, { budgetBytes: 10_000, now });
    expect(await hot.find(key)).toMatchObject({ bytes: null });
    expect(hot.usedBytes).toBe(0);
    expect((await hot.find(key))?.bytes).toEqual(bytesOf(1000, 2));
  });

  it('reads a file the same size but written again as a new version (its inode changed)', async () => {
    const key = 'videos/a/thumbnail.jpg';
    await put(key, bytesOf(100, 1));
    const hot = hotFiles(store, { budgetBytes: 10_000, now });
    await hot.find(key);
    const file = path.join(dir, 'objects', key);
    const inode = (await stat(file)).ino;
    await put(key, bytesOf(100, 9));
    expect((await stat(file)).ino).not.toBe(inode);
    clock += HOT_FILE_CHECK_MS;
    expect((await hot.find(key))?.bytes).toEqual(bytesOf(100, 9));
  });
});
