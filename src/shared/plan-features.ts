import { PLANS, type Plan, type PlanId } from './plans';

/**
 * What each plan includes beyond its video quota (issue #18): every line of a plan card is one of
 * these features, and every gate in Cadence (server refusals, the web's locks, the Subscription
 * page's comparison) asks `planIncludes` and words a lock with `lockedMessage`. Plans are ordered:
 * a feature included in a plan is included in every plan after it. `detail` says in one sentence what
 * the feature does, where the Subscription page compares the plans.
 */
export const FEATURES = {
  /** The streaming ladder's top rung: 720p ('Standard quality') below it. */
  hdQuality: {
    plan: 'power-cycle',
    name: 'HD quality',
    detail: 'Classes stream up to 1080p; Standard quality stops at 720p.',
  },
  /** A 2160p rung, when the source has it (never upscaled). */
  uhdQuality: {
    plan: 'elite-studio',
    name: '4K quality',
    detail: 'Classes stream up to 2160p when the upload has it (never upscaled).',
  },
  /** White balance, denoise and the logo on the video, beside the basic lighting and loudness. */
  advancedEnhancement: {
    plan: 'power-cycle',
    name: 'Advanced AI enhancement',
    detail: 'White balance, denoise and your logo on the video, beside lighting and loudness.',
  },
  /** Background replacement. */
  premiumEnhancement: {
    plan: 'spin-master',
    name: 'Premium AI enhancement',
    detail:
      'Background replacement: swap the studio behind the instructor for a scene you describe.',
  },
  /** The gym's logo and colours on its public page (Spin Starter: Cadence's default look). */
  customBranding: {
    plan: 'power-cycle',
    name: 'Custom branding',
    detail: 'Your logo and colors on your class page.',
  },
  /** The description and the page icon on the public page, without "Powered by Cadence". */
  fullBranding: {
    plan: 'spin-master',
    name: 'Full branding',
    detail: 'Your description and your logo as the page icon, without “Powered by Cadence”.',
  },
  /** A hero image and a display font on the public page. */
  fullCustomization: {
    plan: 'elite-studio',
    name: 'Full customization',
    detail: 'A hero image and a display font for your class page’s headings.',
  },
  /** The analytics dashboard (charts, tabs); Spin Starter sees the four totals. */
  analyticsDashboard: {
    plan: 'power-cycle',
    name: 'Analytics dashboard',
    detail: 'Charts and tables of views by day, class and hour; every plan has the four totals.',
  },
  /** A date range, audience retention per class and CSV export. */
  advancedAnalytics: {
    plan: 'spin-master',
    name: 'Advanced analytics',
    detail: 'A custom date range, audience retention per class and CSV export.',
  },
  customDomain: {
    plan: 'spin-master',
    name: 'Custom domain',
    detail: 'Your class page on your own domain.',
  },
  multiLocation: {
    plan: 'elite-studio',
    name: 'Multi-location',
    detail: 'Up to 25 locations under one account, each with its own page, branding and domain.',
  },
  /** API keys, the REST API at /api/v1 and signed webhooks (issue #19). */
  apiAccess: {
    plan: 'elite-studio',
    name: 'API access',
    detail: 'API keys for the REST API, and signed webhooks when a class is ready.',
  },
} as const satisfies Record<string, { plan: PlanId; name: string; detail: string }>;

export type Feature = keyof typeof FEATURES;

const rank = (id: PlanId | string): number => {
  const i = PLANS.findIndex((p) => p.id === id);
  return i < 0 ? 0 : i;
};

/** Unknown plan ids count as the free plan (as planOf does on the server). */
export function planIncludes(
  planId: PlanId | string | null | undefined,
  feature: Feature,
): boolean {
  return rank(planId ?? PLANS[0]!.id) >= rank(FEATURES[feature].plan);
}

/** The first plan that includes the feature: what a lock names and links to. */
export function unlockingPlan(feature: Feature): Plan {
  return PLANS.find((p) => p.id === FEATURES[feature].plan)!;
}

/** "Spin Master and up", or just "Elite Studio" for the last plan. */
export function planAndUp(plan: Plan): string {
  return plan.id === PLANS[PLANS.length - 1]!.id ? plan.name : `${plan.name} and up`;
}

/**
 * The words of a lock and of the server's 403 for it, the same everywhere:
 * "Background replacement comes with Premium AI enhancement, on Spin Master and up."
 */
export function lockedMessage(feature: Feature, what: string): string {
  const f = FEATURES[feature];
  return `${what} comes with ${f.name}, on ${planAndUp(unlockingPlan(feature))}.`;
}

/** The streaming ladder's tallest rung a plan offers, by the picture's short side. */
export function topRungFor(planId: PlanId | string | null | undefined): 720 | 1080 | 2160 {
  if (planIncludes(planId, 'uhdQuality')) return 2160;
  return planIncludes(planId, 'hdQuality') ? 1080 : 720;
}

/** How many locations (public pages) an account may run. */
export function locationLimit(planId: PlanId | string | null | undefined): number {
  return planIncludes(planId, 'multiLocation') ? MULTI_LOCATION_LIMIT : 1;
}

/** Elite Studio's locations: enough for a franchise, bounded so one account cannot fill the slugs. */
export const MULTI_LOCATION_LIMIT = 25;
