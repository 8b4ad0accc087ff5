/**
 * The answered requests' two metric families, counted as plain numbers: a request costs one Map
 * lookup and a few additions. prom-client's labelled counter and histogram check and hash their
 * labels on every call, which showed in the CPU of a poster replayed from memory (decision 0054).
 * The families are written in Prometheus' text format, as prom-client writes its own:
 * `cadence_http_requests_total` by route, method and status, and
 * `cadence_http_request_duration_seconds` by route and method.
 */

const REQUESTS = 'cadence_http_requests_total';
const DURATION = 'cadence_http_request_duration_seconds';

/** One route, method and status: its durations' sum and their count by bucket. */
interface Series {
  route: string;
  method: string;
  status: number;
  sum: number;
  /** Requests whose duration fell in each bucket, not cumulative (their total is the count); the
   * last is +Inf. */
  buckets: number[];
}

export interface RequestTally {
  /** One answered request. The caller bounds the labels (route patterns, known methods). */
  record(route: string, method: string, status: number, seconds: number): void;
  /** Both families in the text exposition format. */
  render(): string;
}

/** A label value as the text format wants it: backslash, double quote and newline escaped. */
function labelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

export function requestTally(bounds: readonly number[]): RequestTally {
  const series = new Map<string, Series>();

  return {
    record(route, method, status, seconds) {
      const key = `${route}\n${method}\n${status}`;
      let entry = series.get(key);
      if (!entry) {
        const buckets = new Array<number>(bounds.length + 1).fill(0);
        entry = { route, method, status, sum: 0, buckets };
        series.set(key, entry);
      }
      entry.sum += seconds;
      let bucket = 0;
      while (bucket < bounds.length && seconds > bounds[bucket]!) bucket += 1;
      entry.buckets[bucket]! += 1;
    },

    render() {
      const lines = [
        `# HELP ${REQUESTS} HTTP requests answered, by route pattern, method and status`,
        `# TYPE ${REQUESTS} counter`,
      ];
      /** The histogram is by route and method: each status's series added together. */
      const durations = new Map<string, { labels: string; sum: number; buckets: number[] }>();
      for (const entry of series.values()) {
        const labels = `route="${labelValue(entry.route)}",method="${labelValue(entry.method)}"`;
        const count = entry.buckets.reduce((a, b) => a + b, 0);
        lines.push(`${REQUESTS}{${labels},status="${entry.status}"} ${count}`);
        const total = durations.get(labels) ?? {
          labels,
          sum: 0,
          buckets: entry.buckets.map(() => 0),
        };
        total.sum += entry.sum;
        entry.buckets.forEach((n, i) => (total.buckets[i]! += n));
        durations.set(labels, total);
      }
      lines.push(
        '',
        `# HELP ${DURATION} Time to answer an HTTP request, by route pattern and method`,
        `# TYPE ${DURATION} histogram`,
      );
      for (const { labels, sum, buckets } of durations.values()) {
        let below = 0;
        buckets.forEach((n, i) => {
          below += n;
          const le = i < bounds.length ? String(bounds[i]) : '+Inf';
          lines.push(`${DURATION}_bucket{le="${le}",${labels}} ${below}`);
        });
        lines.push(`${DURATION}_sum{${labels}} ${sum}`, `${DURATION}_count{${labels}} ${below}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
