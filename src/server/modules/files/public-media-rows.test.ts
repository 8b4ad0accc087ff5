import { describe, expect, it } from 'vitest';
import type { VideoMediaRow } from '../videos/videos.service';
import { publicMediaRows } from './public-media-rows';

function world(status: string) {
  let clock = 0;
  const reads: string[] = [];
  const stored = new Map<string, VideoMediaRow>();
  const row = (id: string, processingStatus: string) =>
    ({ id, processingStatus, hlsUrl: null }) as unknown as VideoMediaRow;
  stored.set('a', row('a', status));
  const rows = publicMediaRows(
    async (id) => {
      reads.push(id);
      return stored.get(id);
    },
    { ttlMs: 1000, maxRows: 2, now: () => clock },
  );
  return {
    rows,
    reads,
    set: (id: string, s: string) => stored.set(id, row(id, s)),
    tick: (ms: number) => (clock += ms),
  };
}

describe('publicMediaRows', () => {
  it('keeps a public row for the TTL, then reads it again', async () => {
    const w = world('enhanced');
    await w.rows.find('a');
    await w.rows.find('a');
    expect(w.reads).toEqual(['a']);
    // Made private meanwhile: seen once the TTL has passed.
    w.set('a', 'processing');
    w.tick(999);
    expect((await w.rows.find('a'))?.processingStatus).toBe('enhanced');
    w.tick(1);
    expect((await w.rows.find('a'))?.processingStatus).toBe('processing');
    expect(w.reads).toEqual(['a', 'a']);
  });

  it('never keeps a private row or a missing one', async () => {
    const w = world('processing');
    await w.rows.find('a');
    await w.rows.find('a');
    await w.rows.find('missing');
    await w.rows.find('missing');
    expect(w.reads).toEqual(['a', 'a', 'missing', 'missing']);
  });

  it('reads the stored row on fresh (and keeps that one), and keeps at most maxRows', async () => {
    const w = world('enhanced');
    await w.rows.find('a');
    w.set('a', 'failed');
    expect((await w.rows.fresh('a'))?.processingStatus).toBe('failed');
    expect((await w.rows.find('a'))?.processingStatus).toBe('failed');
    w.set('a', 'enhanced');
    w.set('b', 'enhanced');
    w.set('c', 'enhanced');
    for (const id of ['a', 'b', 'c']) await w.rows.find(id);
    w.reads.length = 0;
    // 'a' was the oldest: dropped when 'c' came.
    for (const id of ['b', 'c', 'a']) await w.rows.find(id);
    expect(w.reads).toEqual(['a']);
  });
});
