import {
  PROCESSING_SAMPLE_SIZE,
  pipelineSpeed,
  type ProcessingTime,
} from '@shared/processing-time.contract';
import type { ProcessingTimeRepository } from './processing-time.repository';

/** The answer is kept this long: a public read that must not cost a query per request. */
export const PROCESSING_TIME_CACHE_MS = 60_000;

/**
 * How long a class takes to be ready on this install (issue #15 part 1): AUTO_ENHANCE, and the
 * median speed of the last PROCESSING_SAMPLE_SIZE videos the pipeline enhanced by itself.
 */
export function processingTimeService({
  repo,
  autoEnhance,
  now,
}: {
  repo: ProcessingTimeRepository;
  autoEnhance: boolean;
  now: () => number;
}) {
  let cached: { at: number; value: ProcessingTime } | undefined;
  return {
    async get(): Promise<ProcessingTime> {
      if (cached && now() - cached.at < PROCESSING_TIME_CACHE_MS) return cached.value;
      const speed = pipelineSpeed(await repo.recentSamples(PROCESSING_SAMPLE_SIZE));
      const value = { autoEnhance, ...speed };
      cached = { at: now(), value };
      return value;
    },
  };
}

export type ProcessingTimeService = ReturnType<typeof processingTimeService>;
