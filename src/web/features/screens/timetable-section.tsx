import { useMemo, useRef, useState } from 'react';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatClassDuration } from '@shared/gyms.contract';
import { TIMETABLE_ENTRIES_LIMIT } from '@shared/screens';
import {
  TIMETABLE_MESSAGES,
  WEEKDAY_NAMES,
  weekdayName,
  type ScreenDto,
  type TimetableEntryDto,
  type TimetableView,
} from '@shared/screens.contract';
import type { VideoDto } from '@shared/videos.contract';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useRemoveEntry } from './api/screens';
import { EntryFormDialog, type EntryEditing } from './entry-form-dialog';
import {
  entriesByDay,
  pageKey,
  screensLabel,
  wallTimeLabel,
  type ScreenPage,
} from './screen-pages';

/** Per page (the gym's own, then each location), the week Monday to Sunday and its classes. */
export function TimetableSection({
  timetable,
  screens,
  pages,
  videos,
}: {
  timetable: TimetableView;
  screens: readonly ScreenDto[];
  pages: readonly ScreenPage[];
  videos: readonly VideoDto[] | undefined;
}) {
  const [editing, setEditing] = useState<EntryEditing | null>(null);
  const [removing, setRemoving] = useState<TimetableEntryDto | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useRemoveEntry();
  const full = timetable.entries.length >= TIMETABLE_ENTRIES_LIMIT;
  const titles = useMemo(() => new Map(videos?.map((v) => [v.id, v] as const)), [videos]);
  const titleOf = (entry: TimetableEntryDto) => titles.get(entry.videoId)?.title ?? 'A class';

  return (
    <section aria-labelledby="timetable-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2
            id="timetable-heading"
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            Timetable
          </h2>
          <p className="text-sm text-muted-foreground">
            Every week, on your studio&rsquo;s clock ({timetable.timeZone}; change it under{' '}
            <a href="/settings" className="underline underline-offset-2">
              Settings
            </a>
            ). {timetable.entries.length} of {TIMETABLE_ENTRIES_LIMIT} classes.
          </p>
        </div>
        {full && <p className="text-sm">{TIMETABLE_MESSAGES.limit}</p>}
      </div>
      {pages.map((page) => {
        const days = entriesByDay(timetable.entries, page.id);
        const count = [...days.values()].reduce((n, list) => n + list.length, 0);
        return (
          <Card key={pageKey(page.id)} data-testid="timetable-page">
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
              <CardTitle className="flex items-center gap-2 text-lg">
                {page.name}
                {page.id === null && <Badge variant="secondary">Main page</Badge>}
                {!page.online && <Badge variant="outline">Offline</Badge>}
              </CardTitle>
              {!full && (
                <Button size="sm" onClick={() => setEditing({ page, entry: null })}>
                  <Plus aria-hidden="true" />
                  Add class<span className="sr-only"> to {page.name}</span>
                </Button>
              )}
            </CardHeader>
            <CardContent>
              {count === 0 ? (
                <EmptyState
                  icon={CalendarClock}
                  title="No classes on this timetable"
                  hint="Add a class on a day and time: its screens count down to it and play it on time, every week."
                />
              ) : (
                <ol
                  className="grid gap-3 md:grid-cols-4 xl:grid-cols-7"
                  aria-label={`${page.name}: the week`}
                >
                  {WEEKDAY_NAMES.map((day, index) => {
                    const list = days.get(index + 1) ?? [];
                    return (
                      <li
                        key={day}
                        className={
                          list.length === 0
                            ? 'flex min-w-0 items-baseline justify-between gap-2 rounded-lg border bg-muted/30 p-2 md:block'
                            : 'min-w-0 rounded-lg border bg-muted/30 p-2'
                        }
                      >
                        <h3
                          className={`px-1 text-sm font-semibold ${list.length === 0 ? 'md:pb-2' : 'pb-2'}`}
                        >
                          {day}
                        </h3>
                        {list.length === 0 ? (
                          <p className="px-1 text-sm text-muted-foreground">No classes</p>
                        ) : (
                          <ul className="grid gap-2">
                            {list.map((entry) => (
                              <li
                                key={entry.id}
                                className="rounded-md border bg-card p-2 text-sm shadow-xs"
                                data-testid="timetable-entry"
                              >
                                <p className="font-semibold tabular-nums">
                                  {wallTimeLabel(entry.startTime)}
                                </p>
                                <p className="break-words">{titleOf(entry)}</p>
                                <p className="text-muted-foreground">
                                  {formatClassDuration(titles.get(entry.videoId)?.duration)} ·{' '}
                                  {screensLabel(entry, screens)}
                                </p>
                                <div className="mt-1 flex gap-1">
                                  <Button
                                    variant="ghost"
                                    size="icon"
                                    className="size-8"
                                    onClick={() => setEditing({ page, entry })}
                                  >
                                    <Pencil aria-hidden="true" />
                                    <span className="sr-only">
                                      Edit {titleOf(entry)} on {day} at{' '}
                                      {wallTimeLabel(entry.startTime)}
                                    </span>
                                  </Button>
                                  <Button
                                    variant="ghost"
                                    size="icon"
                                    className="size-8 text-destructive-text"
                                    onClick={() => setRemoving(entry)}
                                  >
                                    <Trash2 aria-hidden="true" />
                                    <span className="sr-only">
                                      Delete {titleOf(entry)} on {day} at{' '}
                                      {wallTimeLabel(entry.startTime)}
                                    </span>
                                  </Button>
                                </div>
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    );
                  })}
                </ol>
              )}
            </CardContent>
          </Card>
        );
      })}
      <EntryFormDialog
        editing={editing}
        screens={screens}
        videos={videos}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={
          removing
            ? `Delete ${titleOf(removing)} on ${weekdayName(removing.dayOfWeek)} at ${wallTimeLabel(removing.startTime)}?`
            : ''
        }
        description={<p>Its screens no longer play it. The class stays in your library.</p>}
        action="Delete"
        pendingAction="Deleting..."
        pending={remove.isPending}
        onConfirm={(done) => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: TIMETABLE_MESSAGES.deleted });
              done();
            },
            onError: (error) =>
              toast({
                title: 'Class not deleted',
                description: failureMessage(error, 'Unable to delete the class. Please try again.'),
                variant: 'destructive',
              }),
          });
        }}
        onClose={() => setRemoving(null)}
        onDone={() => heading.current?.focus()}
      />
    </section>
  );
}
