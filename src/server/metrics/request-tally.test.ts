import { describe, expect, it } from 'vitest';
import { requestTally } from './request-tally';

/** The value of one line `name{labels} value` in a text exposition, or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('requestTally', () => {
  it('counts by route, method and status, and times by route and method across statuses', () => {
    const tally = requestTally([0.01, 0.1, 1]);
    tally.record('/api/gym/:slug', 'GET', 200, 0.004);
    tally.record('/api/gym/:slug', 'GET', 200, 0.01);
    tally.record('/api/gym/:slug', 'GET', 304, 0.05);
    tally.record('/api/gym/:slug', 'HEAD', 200, 3);
    const text = tally.render();

    const gym = 'route="/api/gym/:slug",method="GET"';
    expect(value(text, `cadence_http_requests_total{${gym},status="200"}`)).toBe(2);
    expect(value(text, `cadence_http_requests_total{${gym},status="304"}`)).toBe(1);
    // A bucket counts every duration at or below its bound (a bound's own value included).
    expect(value(text, `cadence_http_request_duration_seconds_bucket{le="0.01",${gym}}`)).toBe(2);
    expect(value(text, `cadence_http_request_duration_seconds_bucket{le="0.1",${gym}}`)).toBe(3);
    expect(value(text, `cadence_http_request_duration_seconds_bucket{le="1",${gym}}`)).toBe(3);
    expect(value(text, `cadence_http_request_duration_seconds_bucket{le="+Inf",${gym}}`)).toBe(3);
    expect(value(text, `cadence_http_request_duration_seconds_sum{${gym}}`)).toBeCloseTo(0.064);
    expect(value(text, `cadence_http_request_duration_seconds_count{${gym}}`)).toBe(3);

    const head = 'route="/api/gym/:slug",method="HEAD"';
    expect(value(text, `cadence_http_request_duration_seconds_bucket{le="1",${head}}`)).toBe(0);
    expect(value(text, `cadence_http_request_duration_seconds_bucket{le="+Inf",${head}}`)).toBe(1);
    expect(value(text, `cadence_http_request_duration_seconds_count{${head}}`)).toBe(1);
  });

  it("writes each family's HELP and TYPE once, and escapes label values as the format says", () => {
    const tally = requestTally([1]);
    expect(tally.render()).toBe(
      [
        '# HELP cadence_http_requests_total HTTP requests answered, by route pattern, method and status',
        '# TYPE cadence_http_requests_total counter',
        '',
        '# HELP cadence_http_request_duration_seconds Time to answer an HTTP request, by route pattern and method',
        '# TYPE cadence_http_request_duration_seconds histogram',
        '',
      ].join('\n'),
    );
    tally.record('/a"b\\c\nd', 'GET', 200, 0.5);
    tally.record('/x', 'GET', 200, 0.5);
    const text = tally.render();
    expect(text.match(/^# TYPE /gm)).toHaveLength(2);
    expect(
      value(text, 'cadence_http_requests_total{route="/a\\"b\\\\c\\nd",method="GET",status="200"}'),
    ).toBe(1);
    // Every sample line is `name{labels} number`: nothing a route pattern holds breaks a line.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(/^cadence_http_request[a-z_]*\{[^\n]*\} \d+(\.\d+)?$/);
    }
  });
});
