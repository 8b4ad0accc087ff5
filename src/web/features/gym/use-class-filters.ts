import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import {
  filtersFromParams,
  withFilters,
  type ClassFilters,
} from '@web/components/gym/class-filters';

/**
 * The rider's filters, in the page's address beside ?class= (so a studio bookmarks "Beginner,
 * under 20 min" on its tablet and a reload keeps them). A change replaces the history entry: Back
 * leaves the page, not the last chip tapped.
 */
export function useClassFilters(): { value: ClassFilters; onChange: (next: ClassFilters) => void } {
  const [params, setParams] = useSearchParams();
  const onChange = useCallback(
    (next: ClassFilters) =>
      setParams((prev) => withFilters(prev, next), {
        replace: true,
        state: window.history.state,
      }),
    [setParams],
  );
  return { value: filtersFromParams(params), onChange };
}
