import { VIDEO_EDITS_LIMITED } from '@shared/videos.contract';
import { perSession } from './session';

/**
 * Edits that rebuild the owner's public page (a class's details, its ride track, a program), per
 * session per route per hour: far more than editing a whole library needs, few enough that a loop
 * cannot keep every process rebuilding the owner's page.
 */
export const EDIT_LIMIT = { max: 200, windowMs: 60 * 60 * 1000 };

/** The route option that applies EDIT_LIMIT (429 in the library's words). */
export const editRateLimit = {
  config: {
    rateLimit: {
      max: EDIT_LIMIT.max,
      timeWindow: EDIT_LIMIT.windowMs,
      keyGenerator: perSession,
      errorResponseBuilder: () => ({ statusCode: 429, message: VIDEO_EDITS_LIMITED }),
    },
  },
};
