/** Speed and time left of a transfer, from progress samples over a sliding window. */
export interface TransferStats {
  sent: number;
  total: number;
  /** Bytes per second over the last few seconds; null until there is enough to say. */
  bytesPerSecond: number | null;
  /** Seconds until done at that speed; null while unknown. */
  secondsLeft: number | null;
  /** 0-100. */
  percent: number;
}

const WINDOW_MS = 5_000;

export class TransferMeter {
  private samples: { at: number; sent: number }[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Records that `sent` of `total` bytes have gone, and answers the stats at this moment. */
  update(sent: number, total: number): TransferStats {
    const at = this.now();
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = (at - first.at) / 1000;
    const moved = sent - first.sent;
    const bytesPerSecond = elapsed >= 0.5 && moved > 0 ? moved / elapsed : null;
    const left = Math.max(0, total - sent);
    return {
      sent,
      total,
      bytesPerSecond,
      secondsLeft: bytesPerSecond ? left / bytesPerSecond : null,
      percent: total > 0 ? Math.min(100, (sent / total) * 100) : 0,
    };
  }

  reset(): void {
    this.samples = [];
  }
}

/** '4.2 MB/s', '850 KB/s'. */
export function formatRate(bytesPerSecond: number): string {
  const mb = bytesPerSecond / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1)} MB/s`;
  return `${Math.max(1, Math.round(bytesPerSecond / 1024))} KB/s`;
}

/** 'about 12 s left', 'about 3 min left', 'about 1 h 5 min left'. */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}
