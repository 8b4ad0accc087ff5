import { useId, useRef, useState } from 'react';
import { Monitor, Pencil, Trash2 } from 'lucide-react';
import { SCREEN_NAME_MAX } from '@shared/screens';
import { SCREEN_MESSAGES, type ScreenDto } from '@shared/screens.contract';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { failureMessage, fieldErrors } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useRemoveScreen, useUpdateScreen } from './api/screens';
import { PageSelect } from './page-select';
import { lastSeenLabel, pageKey, type ScreenPage } from './screen-pages';

const pageName = (pages: readonly ScreenPage[], id: string | null) =>
  pages.find((page) => page.id === id)?.name ?? 'A removed page';

/** The paired screens: name, page, last seen; rename or move, and remove (it stops at once). */
export function ScreenList({
  screens,
  pages,
}: {
  screens: readonly ScreenDto[];
  pages: readonly ScreenPage[];
}) {
  const [editing, setEditing] = useState<ScreenDto | null>(null);
  const [removing, setRemoving] = useState<ScreenDto | null>(null);
  const heading = useRef<HTMLDivElement>(null);
  const remove = useRemoveScreen();
  const now = Date.now();

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="text-lg outline-none">
          Your screens
        </CardTitle>
      </CardHeader>
      <CardContent>
        {screens.length === 0 ? (
          <EmptyState
            icon={Monitor}
            title="No screens yet"
            hint="Pair the TV or tablet in your spin room: it counts down to each class of its page's timetable and plays it on time."
          />
        ) : (
          <ul className="divide-y" aria-label="Your screens">
            {screens.map((screen) => (
              <li
                key={screen.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
                data-testid="screen-row"
              >
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium break-words">{screen.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {pageName(pages, screen.locationId)} · Last seen{' '}
                    <span data-testid="screen-last-seen">
                      {lastSeenLabel(screen.lastSeenAt, now)}
                    </span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(screen)}>
                    <Pencil aria-hidden="true" />
                    Rename<span className="sr-only"> {screen.name}</span>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive-text"
                    onClick={() => setRemoving(screen)}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove<span className="sr-only"> {screen.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <EditScreenDialog screen={editing} pages={pages} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        description={
          <p>
            The screen stops at once and shows how to pair it again. Timetable classes set only for
            this screen are deleted.
          </p>
        }
        action="Remove screen"
        pendingAction="Removing..."
        pending={remove.isPending}
        onConfirm={(done) => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: SCREEN_MESSAGES.removed });
              done();
            },
            onError: (error) =>
              toast({
                title: 'Screen not removed',
                description: failureMessage(
                  error,
                  'Unable to remove the screen. Please try again.',
                ),
                variant: 'destructive',
              }),
          });
        }}
        onClose={() => setRemoving(null)}
        onDone={() => heading.current?.focus()}
      />
    </Card>
  );
}

function EditScreenDialog({
  screen,
  pages,
  onClose,
}: {
  screen: ScreenDto | null;
  pages: readonly ScreenPage[];
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateScreen();
  const [name, setName] = useState('');
  const [page, setPage] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; locationId?: string; root?: string }>({});
  const [shown, setShown] = useState<string | null>(null);
  // Each opening starts from the screen as saved.
  if (screen && shown !== screen.id) {
    setShown(screen.id);
    setName(screen.name);
    setPage(screen.locationId);
    setErrors({});
  }
  if (!screen && shown !== null) setShown(null);

  return (
    <FormDialog
      open={screen !== null}
      onClose={onClose}
      pending={update.isPending}
      title="Rename screen"
      description="Moving it to another page takes it off the classes set for it on this one."
      formLabel="Rename screen"
      formError={errors.root}
      submitLabel="Save"
      onSubmit={(event) => {
        event.preventDefault();
        if (!screen) return;
        const moved = pageKey(page) !== pageKey(screen.locationId);
        update.mutate(
          { id: screen.id, body: { name, ...(moved ? { locationId: page } : {}) } },
          {
            onSuccess: () => {
              toast({ title: SCREEN_MESSAGES.saved });
              onClose();
            },
            onError: (error) => {
              const next: typeof errors = {};
              for (const p of fieldErrors(error)) {
                if (p.field === 'name' || p.field === 'locationId') next[p.field] ??= p.message;
              }
              if (!next.name && !next.locationId) {
                next.root = failureMessage(error, 'Unable to save the screen. Please try again.');
              }
              setErrors(next);
            },
          },
        );
      }}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={SCREEN_NAME_MAX}
          />
        )}
      </FormField>
      <FormField id={`${id}-page`} label="Shows the timetable of" error={errors.locationId}>
        {(control) => (
          <PageSelect control={control} pages={pages} value={page} onChange={setPage} />
        )}
      </FormField>
    </FormDialog>
  );
}
