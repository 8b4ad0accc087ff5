import { Download } from 'lucide-react';
import type { CsvTable } from '@shared/analytics.contract';
import { Button } from '@web/components/ui/button';
import { csvUrl, type DayRange, type LocationFilter } from './api/analytics';

/** A table's "Export CSV": a plain download link (the server's answer is the attachment). */
export function ExportCsv({
  table,
  label,
  videoId = null,
  range,
  location,
}: {
  table: CsvTable;
  /** What the file holds, for the link's accessible name: "Export {label} as CSV". */
  label: string;
  videoId?: string | null;
  range: DayRange;
  location: LocationFilter;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={csvUrl(table, videoId, range, location)}
        download
        aria-label={`Export ${label} as CSV`}
      >
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
