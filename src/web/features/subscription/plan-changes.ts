import { FEATURES, planIncludes, type Feature } from '@shared/plan-features';
import { PLANS, type Plan, type PlanId } from '@shared/plans';

/** Every feature of the plan table, in its order (the comparison's rows). */
export const FEATURE_KEYS = Object.keys(FEATURES) as Feature[];

/** "Up to 25 videos": the plan cards' first line. */
export function videoLimitWords(limit: number): string {
  return `Up to ${limit} videos`;
}

/** What moving from one plan to another changes: the features gained or lost and the video limit. */
export interface PlanChange {
  direction: 'upgrade' | 'downgrade' | 'none';
  /** Features the new plan includes and the current one lacks (an upgrade's), in table order. */
  gained: Feature[];
  /** Features the current plan includes and the new one lacks (a downgrade's), in table order. */
  lost: Feature[];
  videoLimit: { from: number; to: number };
}

const planOf = (id: PlanId | string): Plan => PLANS.find((p) => p.id === id) ?? PLANS[0]!;

/** Unknown plan ids count as the free plan, as planIncludes does. */
export function planChange(from: PlanId | string, to: PlanId | string): PlanChange {
  const current = planOf(from);
  const next = planOf(to);
  const rank = (plan: Plan) => PLANS.indexOf(plan);
  return {
    direction:
      rank(next) > rank(current) ? 'upgrade' : rank(next) < rank(current) ? 'downgrade' : 'none',
    gained: FEATURE_KEYS.filter((f) => planIncludes(next.id, f) && !planIncludes(current.id, f)),
    lost: FEATURE_KEYS.filter((f) => planIncludes(current.id, f) && !planIncludes(next.id, f)),
    videoLimit: { from: current.videoLimit, to: next.videoLimit },
  };
}

/**
 * The feature a lock's 'Upgrade to {plan}' link asks the comparison to show, from the history state
 * LockedNote's link carries (`{ compare: feature }`); anything else (no state, a state another page
 * left, a crafted value) is none.
 */
export function comparedFeature(state: unknown): Feature | null {
  if (typeof state !== 'object' || state === null || !('compare' in state)) return null;
  const feature = state.compare;
  return typeof feature === 'string' && Object.hasOwn(FEATURES, feature)
    ? (feature as Feature)
    : null;
}
