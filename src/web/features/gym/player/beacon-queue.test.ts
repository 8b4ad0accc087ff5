import { describe, expect, it } from 'vitest';
import { BEACON_MAX_AGE_MS, type PlaybackBeaconInput } from '@shared/playback';
import {
  createBeaconQueue,
  QUEUE_KEY,
  QUEUE_MAX_ENTRIES,
  type BeaconQueueDeps,
  type QueuedBeacon,
} from './beacon-queue';

/** localStorage as a tab sees it (two queues on one of these are two tabs of one origin). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    kept: () => JSON.parse(items.get(QUEUE_KEY) ?? '[]') as QueuedBeacon[],
    has: () => items.has(QUEUE_KEY),
  };
}

/** A device: its clock (hours off the server's: only differences matter), network and server. */
function device(storage: BeaconQueueDeps['storage'] = memoryStorage()) {
  const d = {
    /** How many beacons are kept in its storage. */
    pending: () => (JSON.parse(storage!.getItem(QUEUE_KEY) ?? '[]') as unknown[]).length,
    /** What navigator.sendBeacon took (false: it refused). */
    beaconed: [] as string[],
    sendBeaconTakes: true,
    clock: Date.UTC(2026, 10, 27, 9, 0, 0) + 5 * 3_600_000,
    online: true,
    /** The server's answer to the next beacons, in order; 200 once they run out. */
    answers: [] as Array<number | 'no answer'>,
    received: [] as Array<PlaybackBeaconInput & { ageMs: number }>,
    /** A lock shared by the tabs (navigator.locks); null: none (a plain-http address). */
    lock: null as null | { tail: Promise<void> },
  };
  const queue = createBeaconQueue({
    storage,
    now: () => d.clock,
    online: () => d.online,
    sendBeacon: (body) => {
      if (d.sendBeaconTakes) d.beaconed.push(body);
      return d.sendBeaconTakes;
    },
    post: async (body) => {
      await Promise.resolve();
      const answer = d.answers.shift() ?? 200;
      if (answer === 'no answer') throw new TypeError('Failed to fetch');
      d.received.push(JSON.parse(body) as PlaybackBeaconInput & { ageMs: number });
      return answer;
    },
    exclusive: (work) => {
      if (!d.lock) return work();
      const lock = d.lock;
      const run = lock.tail.then(work);
      lock.tail = run.catch(() => undefined);
      return run;
    },
  });
  return Object.assign(d, { queue });
}

function beacon(
  event: PlaybackBeaconInput['event'],
  playedSeconds: number,
  sessionId = '3b241101-e2bb-4255-8caf-4136c566a962',
): PlaybackBeaconInput {
  return {
    sessionId,
    viewerId: 'viewer-queue-test',
    videoId: '9f4c1c55-8a7b-4d0e-9a55-2f1a8e0e6b11',
    gymSlug: 'spin-lab',
    event,
    position: playedSeconds,
    playedSeconds,
  };
}

describe('the beacon queue (decision 0051)', () => {
  it('keeps beacons made offline with their moment, and sends them in order with their age once online', async () => {
    const storage = memoryStorage();
    const d = device(storage);
    d.online = false;
    d.queue.add(beacon('start', 0));
    await d.queue.flush();
    d.clock += 15_000;
    d.queue.add(beacon('pause', 15));
    await d.queue.flush();
    expect(d.received).toEqual([]);
    expect(storage.kept().map((e) => [e.beacon.event, e.madeAt])).toEqual([
      ['start', d.clock - 15_000],
      ['pause', d.clock],
    ]);

    d.clock += 3_600_000;
    d.online = true;
    await d.queue.flush();
    expect(d.received.map((b) => [b.event, b.ageMs])).toEqual([
      ['start', 3_615_000],
      ['pause', 3_600_000],
    ]);
    expect(storage.has()).toBe(false);
    expect(d.pending()).toBe(0);
  });

  it('keeps a beacon without an answer, a 5xx, 408 or 429, in order; drops one the server refused for good (4xx)', async () => {
    const d = device();
    d.answers = ['no answer'];
    d.queue.add(beacon('start', 0));
    await d.queue.flush();
    expect(d.pending()).toBe(1);

    for (const status of [503, 500, 429, 408]) {
      d.answers = [status];
      d.clock += 15_000;
      d.queue.add(beacon('pause', 15));
      await d.queue.flush();
      // The start was tried again and the later ones waited behind it.
      expect(d.received.at(-1)?.event).toBe('start');
    }
    expect(d.pending()).toBe(5);

    d.received = [];
    d.answers = [200, 400, 404];
    await d.queue.flush();
    expect(d.received.map((b) => b.event)).toEqual(['start', 'pause', 'pause', 'pause', 'pause']);
    expect(d.pending()).toBe(0);
  });

  it('keeps a session’s first beacon and its newest progress, not every 15 s of an offline day', () => {
    const storage = memoryStorage();
    const d = device(storage);
    d.online = false;
    d.queue.add(beacon('start', 0));
    for (let played = 15; played <= 600; played += 15) d.queue.add(beacon('progress', played));
    d.queue.add(beacon('pause', 610));
    d.queue.add(beacon('progress', 615));
    d.queue.add(beacon('progress', 630));
    // Another session's beacons are its own.
    d.queue.add(beacon('progress', 15, 'f0e1d2c3-b4a5-4678-9abc-def012345678'));
    d.queue.add(beacon('progress', 30, 'f0e1d2c3-b4a5-4678-9abc-def012345678'));
    expect(storage.kept().map((e) => [e.beacon.event, e.beacon.playedSeconds])).toEqual([
      ['start', 0],
      ['progress', 600],
      ['pause', 610],
      ['progress', 630],
      ['progress', 15],
      ['progress', 30],
    ]);
  });

  it('holds at most 500 beacons and none older than 14 days, the oldest dropped first', async () => {
    const storage = memoryStorage();
    const d = device(storage);
    d.online = false;
    for (let i = 0; i < QUEUE_MAX_ENTRIES + 20; i++) {
      d.queue.add(beacon('start', 0, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`));
      d.clock += 60_000;
    }
    const kept = storage.kept();
    expect(kept).toHaveLength(QUEUE_MAX_ENTRIES);
    expect(kept[0]!.beacon.sessionId).toBe('00000000-0000-4000-8000-000000000020');

    // Two weeks on, the first 10 minutes' beacons are past the server's bound: not sent.
    d.clock = kept[10]!.madeAt + BEACON_MAX_AGE_MS;
    d.online = true;
    await d.queue.flush();
    expect(d.received).toHaveLength(QUEUE_MAX_ENTRIES - 10);
    expect(d.received[0]!.ageMs).toBe(BEACON_MAX_AGE_MS);
  });

  it('sends a beacon added while a send is under way in the same run, never one twice', async () => {
    const d = device();
    d.queue.add(beacon('start', 0));
    const first = d.queue.flush();
    d.clock += 15_000;
    d.queue.add(beacon('progress', 15));
    const second = d.queue.flush();
    await Promise.all([first, second]);
    expect(d.received.map((b) => b.event)).toEqual(['start', 'progress']);
    expect(d.pending()).toBe(0);
  });

  it('lets two tabs flush at once: with a lock each beacon goes once; without one, at most twice', async () => {
    for (const locked of [true, false]) {
      const storage = memoryStorage();
      const a = device(storage);
      const b = device(storage);
      if (locked) a.lock = b.lock = { tail: Promise.resolve() };
      a.online = false;
      for (let played = 0; played <= 45; played += 15) {
        a.queue.add(beacon(played === 0 ? 'start' : 'pause', played));
        a.clock += 15_000;
      }
      b.clock = a.clock;
      a.online = true;
      await Promise.all([a.queue.flush(), b.queue.flush()]);
      const sent = [...a.received, ...b.received].map((x) => `${x.event} ${x.playedSeconds}`);
      if (locked) expect(sent.sort()).toEqual(['pause 15', 'pause 30', 'pause 45', 'start 0']);
      else
        for (const each of new Set(sent))
          expect(sent.filter((s) => s === each).length).toBeLessThan(3);
      expect(new Set(sent).size).toBe(4);
      expect(storage.has()).toBe(false);
    }
  });

  it('keeps beacons in memory where storage is refused, and sends an age of 0 when the clock went back', async () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const d = device(refusing);
    d.online = false;
    d.queue.add(beacon('start', 0));
    await d.queue.flush();
    d.clock -= 60_000;
    d.online = true;
    await d.queue.flush();
    await d.queue.flush();
    expect(d.received.map((b) => [b.event, b.ageMs])).toEqual([['start', 0]]);
  });

  it('sends a page’s last beacon with navigator.sendBeacon when online with nothing waiting, else keeps it', async () => {
    const d = device();
    d.queue.leave(beacon('hide', 30));
    expect(d.beaconed.map((b) => (JSON.parse(b) as PlaybackBeaconInput).event)).toEqual(['hide']);
    expect(d.pending()).toBe(0);

    // Offline: kept, sent (with its age) once back.
    d.online = false;
    d.queue.leave(beacon('hide', 45));
    expect(d.pending()).toBe(1);
    // Online but others waiting (their answers were 503): kept behind them, in order.
    d.online = true;
    d.answers = [503];
    d.clock += 5_000;
    d.queue.leave(beacon('hide', 50));
    await d.queue.flush();
    expect(d.beaconed).toHaveLength(1);
    await d.queue.flush();
    expect(d.received.map((b) => [b.playedSeconds, b.ageMs])).toEqual([
      [45, 5_000],
      [45, 5_000],
      [50, 0],
    ]);
    expect(d.pending()).toBe(0);

    // sendBeacon refused (a body too large for the browser's quota): kept and sent by fetch.
    d.sendBeaconTakes = false;
    d.queue.leave(beacon('hide', 60));
    await d.queue.flush();
    expect(d.received.at(-1)?.playedSeconds).toBe(60);
  });

  it('reads a damaged stored queue as empty', async () => {
    const storage = memoryStorage();
    storage.setItem(QUEUE_KEY, '{"not":"a list"');
    const d = device(storage);
    await d.queue.flush();
    storage.setItem(QUEUE_KEY, JSON.stringify([null, 5, { id: 'x' }]));
    await d.queue.flush();
    expect(d.received).toEqual([]);
    d.queue.add(beacon('start', 0));
    expect(storage.kept()).toHaveLength(1);
    await d.queue.flush();
    expect(d.received).toHaveLength(1);
  });
});
