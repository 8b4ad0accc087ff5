import { describe, expect, it } from 'vitest';
import { PLANS } from './plans';
import {
  FEATURES,
  locationLimit,
  lockedMessage,
  planIncludes,
  topRungFor,
  unlockingPlan,
  type Feature,
} from './plan-features';

describe('plan features', () => {
  it('includes a feature from its plan on, never before', () => {
    expect(planIncludes('spin-starter', 'advancedEnhancement')).toBe(false);
    expect(planIncludes('power-cycle', 'advancedEnhancement')).toBe(true);
    expect(planIncludes('power-cycle', 'premiumEnhancement')).toBe(false);
    expect(planIncludes('spin-master', 'premiumEnhancement')).toBe(true);
    expect(planIncludes('spin-master', 'multiLocation')).toBe(false);
    expect(planIncludes('elite-studio', 'multiLocation')).toBe(true);
  });

  it('treats an unknown or missing plan as the free plan', () => {
    expect(planIncludes('platinum', 'hdQuality')).toBe(false);
    expect(planIncludes(null, 'hdQuality')).toBe(false);
    expect(topRungFor(undefined)).toBe(720);
  });

  it('names every feature on the card of the plan that unlocks it', () => {
    for (const [key, feature] of Object.entries(FEATURES)) {
      const plan = unlockingPlan(key as Feature);
      expect(plan.id).toBe(feature.plan);
      expect(plan.features).toContain(feature.name);
    }
  });

  it('words a lock with the feature and the plans that include it', () => {
    expect(lockedMessage('premiumEnhancement', 'Background replacement')).toBe(
      'Background replacement comes with Premium AI enhancement, on Spin Master and up.',
    );
    expect(lockedMessage('uhdQuality', 'A 4K picture')).toBe(
      'A 4K picture comes with 4K quality, on Elite Studio.',
    );
  });

  it('tops the ladder at each plan quality', () => {
    expect(PLANS.map((p) => topRungFor(p.id))).toEqual([720, 1080, 1080, 2160]);
  });

  it('gives several locations to Elite Studio only', () => {
    expect(PLANS.map((p) => locationLimit(p.id) > 1)).toEqual([false, false, false, true]);
  });
});
