import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMediaPlaylist, type Segment } from '../media/growing-preview';
import { mediaKeys } from '../media/media-paths';
import { LocalDiskStore } from '../storage/local-disk';
import { UrlSigner } from '../storage/signing';
import type { VideoPatch } from '../modules/videos/lifecycle.repository';
import { previewPublisher } from './preview-publisher';

const VIDEO = '7b0a8a52-5f0e-4c4a-9d7e-7d2f7f9a0c11';
let root: string;
let store: LocalDiskStore;
let updates: VideoPatch[];
const lifecycle = {
  update: async (_id: string, patch: VideoPatch) => {
    updates.push(patch);
    return undefined;
  },
};

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cadence-publisher-'));
  store = await new LocalDiskStore(path.join(root, 'objects'), new UrlSigner('s', Date.now)).init();
  updates = [];
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A run's folder with ffmpeg's first `count` segments written (each names its run). */
async function run(name: string, count: number): Promise<{ dir: string; segments: Segment[] }> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  const segments: Segment[] = [];
  for (let i = 0; i < count; i++) {
    const file = `seg_${String(i).padStart(5, '0')}.ts`;
    await writeFile(path.join(dir, file), `${name}:${i}`);
    segments.push({ name: file, duration: 4 });
  }
  return { dir, segments };
}

const stored = async () =>
  parseMediaPlaylist(
    await readFile(path.join(root, 'objects', mediaKeys.previewHls(VIDEO), 'index.m3u8'), 'utf8'),
  );

describe('previewPublisher', () => {
  it('stores each segment before the playlist lists it, points the row at it once, ends it last', async () => {
    const { dir, segments } = await run('a', 3);
    const publish = await previewPublisher({
      store,
      lifecycle,
      videoId: VIDEO,
      state: 'none',
      dir,
    });
    await publish(segments.slice(0, 1), false);
    expect((await stored()).segments).toHaveLength(1);
    expect((await stored()).ended).toBe(false);
    expect(await store.head(`${mediaKeys.previewHls(VIDEO)}seg_00000.ts`)).not.toBeNull();
    expect(updates).toEqual([
      { previewUrl: `/media/videos/${VIDEO}/preview/index.m3u8`, previewState: 'growing' },
    ]);
    await publish(segments.slice(0, 2), false);
    await publish(segments, true);
    expect(await stored()).toMatchObject({ ended: true });
    expect((await stored()).segments).toHaveLength(3);
    expect(updates.map((u) => u.previewState)).toEqual(['growing', 'ended']);
  });

  it('after a crash, the new run never shrinks the stored playlist and ends it only at its own end', async () => {
    const first = await run('a', 5);
    const crashed = await previewPublisher({
      store,
      lifecycle,
      videoId: VIDEO,
      state: 'none',
      dir: first.dir,
    });
    await crashed(first.segments.slice(0, 4), false);
    // kill -9: the job is taken back; the row says 'growing', ffmpeg starts again from 0.
    const second = await run('b', 6);
    const resumed = await previewPublisher({
      store,
      lifecycle,
      videoId: VIDEO,
      state: 'growing',
      dir: second.dir,
    });
    await resumed(second.segments.slice(0, 2), false);
    expect((await stored()).segments).toHaveLength(4);
    await resumed(second.segments.slice(0, 5), false);
    expect((await stored()).segments).toHaveLength(5);
    expect((await stored()).ended).toBe(false);
    await resumed(second.segments, true);
    expect(await stored()).toMatchObject({ ended: true });
    expect((await stored()).segments).toHaveLength(6);
    // The row was 'growing' already: only the end is written.
    expect(updates.map((u) => u.previewState)).toEqual(['growing', 'ended']);
  });

  it('a run again after the end publishes nothing until its own end (the playlist stays ended)', async () => {
    const first = await run('a', 3);
    const once = await previewPublisher({
      store,
      lifecycle,
      videoId: VIDEO,
      state: 'none',
      dir: first.dir,
    });
    await once(first.segments, true);
    const again = await run('b', 3);
    const twice = await previewPublisher({
      store,
      lifecycle,
      videoId: VIDEO,
      state: 'ended',
      dir: again.dir,
    });
    await twice(again.segments.slice(0, 1), false);
    expect(await stored()).toMatchObject({ ended: true });
    const seg0 = await readFile(
      path.join(root, 'objects', mediaKeys.previewHls(VIDEO), 'seg_00000.ts'),
      'utf8',
    );
    expect(seg0).toBe('a:0');
    await twice(again.segments, true);
    expect(await stored()).toMatchObject({ ended: true });
  });
});
