import { describe, expect, it } from 'vitest';
import { FEATURES, MULTI_LOCATION_LIMIT } from '@shared/plan-features';
import { PLANS } from '@shared/plans';
import { comparedFeature, FEATURE_KEYS, planChange, videoLimitWords } from './plan-changes';

describe('what a plan change adds or takes away', () => {
  it('an upgrade lists exactly what the new plan adds, in the table’s order', () => {
    expect(planChange('spin-starter', 'power-cycle')).toEqual({
      direction: 'upgrade',
      gained: ['hdQuality', 'advancedEnhancement', 'customBranding', 'analyticsDashboard'],
      lost: [],
      videoLimit: { from: 2, to: 10 },
    });
    expect(planChange('power-cycle', 'spin-master').gained).toEqual([
      'premiumEnhancement',
      'fullBranding',
      'advancedAnalytics',
      'customDomain',
    ]);
    expect(planChange('spin-master', 'elite-studio').gained).toEqual([
      'uhdQuality',
      'fullCustomization',
      'multiLocation',
      'apiAccess',
    ]);
  });

  it('from the free plan to the last, every feature is gained', () => {
    expect(planChange('spin-starter', 'elite-studio').gained).toEqual(FEATURE_KEYS);
  });

  it('a downgrade lists what is lost and gains nothing', () => {
    expect(planChange('elite-studio', 'power-cycle')).toEqual({
      direction: 'downgrade',
      gained: [],
      lost: [
        'uhdQuality',
        'premiumEnhancement',
        'fullBranding',
        'fullCustomization',
        'advancedAnalytics',
        'customDomain',
        'multiLocation',
        'apiAccess',
      ],
      videoLimit: { from: 50, to: 10 },
    });
  });

  it('the same plan changes nothing; an unknown plan counts as the free plan', () => {
    expect(planChange('spin-master', 'spin-master')).toMatchObject({
      direction: 'none',
      gained: [],
      lost: [],
    });
    expect(planChange('platinum', 'power-cycle')).toEqual(
      planChange('spin-starter', 'power-cycle'),
    );
  });

  it('gains and losses mirror each other for every pair of plans', () => {
    for (const a of PLANS) {
      for (const b of PLANS) {
        expect(planChange(a.id, b.id).gained).toEqual(planChange(b.id, a.id).lost);
      }
    }
  });
});

describe('the comparison’s words', () => {
  it('the video limit reads as on the plan cards', () => {
    for (const plan of PLANS) expect(plan.features[0]).toBe(videoLimitWords(plan.videoLimit));
  });

  it('every feature says in one sentence what it does', () => {
    for (const f of FEATURE_KEYS) expect(FEATURES[f].detail).toMatch(/^[A-Z].+\.$/);
    expect(FEATURES.multiLocation.detail).toContain(`Up to ${MULTI_LOCATION_LIMIT} locations`);
  });
});

describe('the feature a lock’s link asks to compare', () => {
  it('reads the state LockedNote’s link carries', () => {
    expect(comparedFeature({ compare: 'premiumEnhancement' })).toBe('premiumEnhancement');
  });

  it('ignores anything else', () => {
    for (const state of [
      null,
      undefined,
      'premiumEnhancement',
      {},
      { compare: 'toString' },
      { compare: '__proto__' },
      { compare: 42 },
      { other: 'hdQuality' },
    ]) {
      expect(comparedFeature(state)).toBeNull();
    }
  });
});
