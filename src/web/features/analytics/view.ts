import type { DayRange, LocationFilter } from './api/analytics';

/** What every part of the dashboard needs to know about the screen it is on. */
export interface DashboardView {
  /** The custom date range, or null for the last 30 days. */
  range: DayRange;
  /** One location's playbacks (MAIN_LOCATION or a further location's id), or null for all. */
  location: LocationFilter;
  /** The plan has Advanced analytics (range, retention, CSV). */
  advanced: boolean;
  /** 'over the last 30 days' or 'from … to …' (format.ts periodText). */
  period: string;
}
