import { Clock, Eye, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { changeLine, type AnalyticsResponse, type Metric } from '@shared/analytics.contract';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatWatchTime } from '@shared/format';
import { formatCount, formatPercent } from './format';

interface SummaryCardProps {
  title: string;
  icon: LucideIcon;
  metric: Metric;
  format: (n: number) => string;
  /** What the figure counts, when its title does not say it all. */
  note?: string;
  /** A custom range's length: the change is against that many days before. */
  rangeDays?: number;
}

function SummaryCard({ title, icon: Icon, metric, format, note, rangeDays }: SummaryCardProps) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium">
          <h2>{title}</h2>
        </CardTitle>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{format(metric.value)}</p>
        <p className="mt-1 text-xs text-muted-foreground">{changeLine(metric, rangeDays)}</p>
        {note && <p className="mt-2 text-xs text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}

/** Riders are not signed in: a student is a device (product.md §2 Analytics). */
const ACTIVE_STUDENTS_NOTE = 'Counts devices: a shared bike tablet is one student.';

/** The four summary cards of product.md §2 Analytics, each with its change against the 30 days before. */
export function SummaryCards({
  summary,
  rangeDays,
}: {
  summary: AnalyticsResponse['summary'];
  /** Set for a custom range (its days). */
  rangeDays?: number;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Total Views"
        icon={Eye}
        metric={summary.totalViews}
        format={formatCount}
        rangeDays={rangeDays}
      />
      <SummaryCard
        title="Watch Time (hours)"
        icon={Clock}
        metric={summary.watchTimeHours}
        format={formatWatchTime}
        rangeDays={rangeDays}
      />
      <SummaryCard
        title="Active Students"
        icon={Users}
        metric={summary.activeStudents}
        format={formatCount}
        note={ACTIVE_STUDENTS_NOTE}
        rangeDays={rangeDays}
      />
      <SummaryCard
        title="Engagement Rate (%)"
        icon={TrendingUp}
        metric={summary.engagementRate}
        format={formatPercent}
        rangeDays={rangeDays}
      />
    </div>
  );
}
