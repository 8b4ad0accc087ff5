import { CheckCircle2, Clock, Loader2, Video, type LucideIcon } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { videoStats } from '@web/lib/owner-videos';

type Stats = ReturnType<typeof videoStats>;

const CARDS: ReadonlyArray<{
  key: keyof Stats;
  label: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
}> = [
  {
    key: 'total',
    label: 'Total Videos',
    hint: 'In your library',
    icon: Video,
    tone: 'bg-primary/10 text-primary',
  },
  {
    key: 'enhanced',
    label: 'Enhanced Videos',
    hint: 'Ready for students',
    icon: CheckCircle2,
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  {
    key: 'processing',
    label: 'Processing',
    hint: 'Being enhanced now',
    icon: Loader2,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    key: 'pending',
    label: 'Pending',
    hint: 'Waiting to start',
    icon: Clock,
    tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  },
];

/** The dashboard's four stat cards (product.md §2), computed from the owner's videos. */
export function StatCards({ stats }: { stats: Stats | undefined }) {
  return (
    <section
      aria-label="Video statistics"
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {CARDS.map(({ key, label, hint, icon: Icon, tone }) => (
        <Card key={key} className="gap-0 p-4 sm:p-5" data-testid={`stat-${key}`}>
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-muted-foreground">{label}</p>
            <span
              aria-hidden="true"
              className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}
            >
              <Icon className="size-4" />
            </span>
          </div>
          {stats ? (
            <p
              className="mt-1 text-3xl font-bold tracking-tight tabular-nums"
              data-testid={`stat-${key}-value`}
            >
              {stats[key]}
            </p>
          ) : (
            <Skeleton className="mt-2 h-8 w-12" />
          )}
          <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
        </Card>
      ))}
    </section>
  );
}
