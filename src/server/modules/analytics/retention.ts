import { RETENTION_STEPS, type RetentionPoint } from '@shared/analytics.contract';

/**
 * How many views stopped in each step of the class: step i holds the views whose furthest point
 * lies in [i, i + 1) / steps of the class (the last step, `steps`, those that reached the end).
 * The repository counts them in SQL (`floor(furthest * steps / duration)`, clamped to 0..steps),
 * so the curve costs one grouped query of at most steps + 1 rows, however many views there are.
 */
export interface RetentionStep {
  step: number;
  views: number;
}

/**
 * The audience retention curve: at each of the steps + 1 points from the start to the end of the
 * class, the share of views (in %, one decimal) whose furthest point reached it. A view reaches
 * point i when its step is i or more, so the curve never rises. Empty without views or a known,
 * positive duration. Steps outside 0..steps (a bad row) count at the nearest end.
 */
export function retentionCurve(
  histogram: readonly RetentionStep[],
  durationSeconds: number | null,
  steps: number = RETENTION_STEPS,
): RetentionPoint[] {
  if (durationSeconds === null || !(durationSeconds > 0)) return [];
  const perStep = new Array<number>(steps + 1).fill(0);
  let total = 0;
  for (const { step, views } of histogram) {
    if (!(views > 0)) continue;
    const at = Math.min(steps, Math.max(0, Math.floor(step)));
    perStep[at]! += views;
    total += views;
  }
  if (total === 0) return [];
  const points: RetentionPoint[] = [];
  let reached = total;
  for (let i = 0; i <= steps; i += 1) {
    points.push({
      position: Math.round(((durationSeconds * i) / steps) * 10) / 10,
      percent: Math.round((reached / total) * 1000) / 10,
    });
    reached -= perStep[i]!;
  }
  return points;
}
