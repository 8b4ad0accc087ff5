import { BEACON_MAX_AGE_MS, playbackEndpoints, type PlaybackBeaconInput } from '@shared/playback';
import { apiUrl } from '@web/lib/api';
import { randomUuid } from './playback-device';

/**
 * Playback beacons kept on the device until the server has answered them (decision 0051): a class
 * ridden with the network off is counted once it is back. Every beacon goes through the queue
 * (kept first, then sent in order), so a new one never overtakes older ones still waiting; each
 * is sent with its age on this device's clock (right even when the clock is hours off), and the
 * server takes its moment as its own now − age.
 */
export interface QueuedBeacon {
  id: string;
  /** When the beacon was made, epoch ms on this device's clock. */
  madeAt: number;
  beacon: PlaybackBeaconInput;
}

/** localStorage, per origin: the tabs of one gym page share it. */
export const QUEUE_KEY = 'cadence-beacon-queue';
/** The most kept (the oldest dropped first); progress beacons of one session replace each other. */
export const QUEUE_MAX_ENTRIES = 500;
/** A request given up after this long (a captive or dead wifi can hold one for minutes): kept. */
const ANSWER_WITHIN_MS = 20_000;

export interface BeaconQueueDeps {
  /** Where the queue is kept; null (or throwing): in memory only, for this page's life. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Sends one beacon's JSON: the answer's status, or a rejection when none came. */
  post(body: string): Promise<number>;
  now(): number;
  online(): boolean;
  /** navigator.sendBeacon: true once the browser took it (it delivers it after the page is gone). */
  sendBeacon(body: string): boolean;
  /** Runs `work` alone among this origin's tabs (navigator.locks), or as it is where missing. */
  exclusive(work: () => Promise<void>): Promise<void>;
}

/** A status that means "try again later": no answer for good (a 4xx is one: that beacon is done). */
const retryLater = (status: number) => status >= 500 || status === 408 || status === 429;

export function createBeaconQueue(deps: BeaconQueueDeps) {
  let memory: QueuedBeacon[] = [];
  let stored = deps.storage !== null;

  function read(): QueuedBeacon[] {
    if (!stored) return memory;
    try {
      const value: unknown = JSON.parse(deps.storage!.getItem(QUEUE_KEY) ?? '[]');
      const entries = Array.isArray(value) ? (value as QueuedBeacon[]) : [];
      const now = deps.now();
      return entries.filter(
        (e) =>
          typeof e?.id === 'string' &&
          typeof e.beacon?.sessionId === 'string' &&
          now - e.madeAt <= BEACON_MAX_AGE_MS,
      );
    } catch {
      return memory;
    }
  }

  function write(entries: QueuedBeacon[]): void {
    memory = entries;
    if (!stored) return;
    try {
      if (entries.length > 0) deps.storage!.setItem(QUEUE_KEY, JSON.stringify(entries));
      else deps.storage!.removeItem(QUEUE_KEY);
    } catch {
      stored = false; // full or refused: this page keeps them in memory
    }
  }

  /** Sends the queue's head until it is empty, the device is offline or the server cannot answer. */
  async function drain(): Promise<void> {
    for (let head = read()[0]; head && deps.online(); head = read()[0]) {
      const ageMs = Math.max(0, Math.round(deps.now() - head.madeAt));
      let status: number;
      try {
        status = await deps.post(JSON.stringify({ ...head.beacon, ageMs }));
      } catch {
        return;
      }
      if (retryLater(status)) return;
      const done = head.id;
      write(read().filter((e) => e.id !== done));
    }
  }

  let running: Promise<void> | null = null;
  let again = false;

  const queue = {
    /**
     * Keeps a beacon made now. A session's newest progress beacon replaces its previous queued one
     * (a running total: the later one counts all of it, the gap between the moments allows it),
     * so an offline day stays small; its first beacon and every start, pause, end and hide stay.
     */
    add(beacon: PlaybackBeaconInput): void {
      const entries = read();
      const session = entries.filter((e) => e.beacon.sessionId === beacon.sessionId);
      const last = session[session.length - 1];
      const replaced =
        session.length > 1 && last!.beacon.event === 'progress' && beacon.event === 'progress'
          ? last
          : undefined;
      const kept = entries.filter((e) => e !== replaced);
      kept.push({ id: randomUuid(), madeAt: deps.now(), beacon });
      write(kept.slice(-QUEUE_MAX_ENTRIES));
    },

    /** Sends what is kept, in order; one run at a time (a call during a run makes it go again). */
    flush(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await deps.exclusive(drain);
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },

    /**
     * The page is going away: online with nothing waiting, navigator.sendBeacon (a fetch may be
     * cut off with the page); otherwise kept with the others, to go out in order.
     */
    leave(beacon: PlaybackBeaconInput): void {
      if (deps.online() && read().length === 0 && deps.sendBeacon(JSON.stringify(beacon))) return;
      queue.add(beacon);
      void queue.flush();
    },
  };
  return queue;
}

export type BeaconQueue = ReturnType<typeof createBeaconQueue>;

const BEACON_URL = apiUrl(playbackEndpoints.beacon);

function browserDeps(): BeaconQueueDeps {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    /* storage refused (private mode): memory only */
  }
  return {
    storage,
    post: (body) =>
      fetch(BEACON_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
        signal:
          typeof AbortSignal.timeout === 'function'
            ? AbortSignal.timeout(ANSWER_WITHIN_MS)
            : undefined,
      }).then((res) => res.status),
    now: Date.now,
    online: () => navigator.onLine,
    sendBeacon: (body) =>
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(BEACON_URL, new Blob([body], { type: 'application/json' })),
    // Only in secure contexts (https, localhost): on a gym's plain-http address two tabs may send
    // the same beacon twice, which the server counts once (a running total at the same moment).
    exclusive: async (work) => {
      if (navigator.locks) await navigator.locks.request(QUEUE_KEY, work);
      else await work();
    },
  };
}

let browserQueue: BeaconQueue | undefined;

/**
 * This page's queue: made on first use, when it also sends what an earlier visit kept (the
 * player's chunk is loaded when the gym page is idle, player/warm-up.ts) and from then on every
 * time the browser is back online.
 */
export function beaconQueue(): BeaconQueue {
  if (browserQueue) return browserQueue;
  const queue = createBeaconQueue(browserDeps());
  browserQueue = queue;
  window.addEventListener('online', () => void queue.flush());
  void queue.flush();
  return queue;
}
