import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  enhancementTimeText,
  processingTimeEndpoints,
  type ProcessingTime,
} from '@shared/processing-time.contract';
import { api } from './api';

/** The pipeline's speed changes slowly: read again every few minutes at most. */
const PROCESSING_TIME_STALE_MS = 5 * 60_000;

/** GET /api/processing-time: AUTO_ENHANCE and the pipeline's measured speed on this install. */
export const processingTimeQuery = queryOptions({
  queryKey: ['processing-time'] as const,
  queryFn: ({ signal }) => api(processingTimeEndpoints.get, { signal }),
  staleTime: PROCESSING_TIME_STALE_MS,
});

export function useProcessingTime(): ProcessingTime | undefined {
  return useQuery(processingTimeQuery).data;
}

/**
 * How long enhancement takes, in the words of this install ('usually ready in minutes', or 'ready
 * within 24-48 hours' where the admin team enhances). Until the answer comes, the shipped default
 * (AUTO_ENHANCE on).
 */
export function useEnhancementTimeText(): string {
  return enhancementTimeText(useProcessingTime()?.autoEnhance ?? true);
}

/** The current time, moving on every `everyMs` (for countdowns). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
