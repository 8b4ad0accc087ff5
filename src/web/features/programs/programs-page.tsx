import { useId, useMemo, useRef, useState } from 'react';
import { AlertTriangle, ListOrdered, Pencil, Plus, Trash2 } from 'lucide-react';
import { PROGRAMS_LIMIT, programLength } from '@shared/programs';
import { PROGRAM_MESSAGES, type ProgramDto } from '@shared/programs.contract';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/empty-state';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useOwnerVideos } from '@web/lib/owner-videos';
import { usePrograms } from './api/programs';
import { DeleteProgramDialog } from './delete-program-dialog';
import { libraryClass, type EditorClass } from './program-classes-editor';
import { ProgramFormDialog } from './program-form-dialog';
import { programMinutes } from './program-order';

/**
 * /programs (issue #20 part 2): the studio's programs, ordered series of its classes with a cover;
 * the public page lists them and a rider's tablet remembers where it is in each.
 */
export function ProgramsPage() {
  const programs = usePrograms();
  const videos = useOwnerVideos();
  const library = useMemo(() => videos.data?.map(libraryClass), [videos.data]);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Programs</h1>
        <p className="text-muted-foreground">
          Your classes in order, a few a week. Riders start a program on your page, and the tablet
          on the bike remembers what comes next.
        </p>
      </div>
      {programs.isError ? (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load your programs. Please reload the page.
        </div>
      ) : !programs.data ? (
        <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label="Loading">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <ProgramList programs={programs.data.programs} library={library} />
      )}
    </div>
  );
}

type Editing = { mode: 'create' } | { mode: 'edit'; program: ProgramDto } | null;

function ProgramList({
  programs,
  library,
}: {
  programs: readonly ProgramDto[];
  library: readonly EditorClass[] | undefined;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ProgramDto | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const full = programs.length >= PROGRAMS_LIMIT;
  const ready = useMemo(() => new Set(library?.filter((c) => c.ready).map((c) => c.id)), [library]);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          ref={heading}
          tabIndex={-1}
          className="text-sm text-muted-foreground outline-none"
          data-testid="programs-count"
        >
          {programs.length} of {PROGRAMS_LIMIT} programs
        </p>
        {full ? (
          <p className="text-sm">{PROGRAM_MESSAGES.programsLimit}</p>
        ) : (
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            Create program
          </Button>
        )}
      </div>
      {programs.length === 0 ? (
        <Card>
          <EmptyState
            icon={ListOrdered}
            title="No programs yet"
            hint={
              <>
                A program puts classes of your library in order and spreads them over weeks: a
                &ldquo;4-week beginner build&rdquo; of three rides a week, say. Riders find it on
                your public page, and the tablet on the bike shows what comes next (&ldquo;Next:
                Week 2 · Day 1&rdquo;) until they finish.
              </>
            }
          >
            {library?.length === 0 && (
              <p className="max-w-md text-sm">
                Upload a few classes first: a program is made of them.
              </p>
            )}
          </EmptyState>
        </Card>
      ) : (
        <ul
          ref={list}
          tabIndex={-1}
          className="grid gap-4 outline-none sm:grid-cols-2 xl:grid-cols-3"
          aria-label="Your programs"
        >
          {programs.map((program) => (
            <li key={program.id} className="min-w-0">
              <ProgramCard
                program={program}
                hidden={library ? program.classes.filter((c) => !ready.has(c.id)).length : 0}
                onEdit={() => setEditing({ mode: 'edit', program })}
                onDelete={() => setDeleting(program)}
              />
            </li>
          ))}
        </ul>
      )}
      <ProgramFormDialog
        open={editing !== null}
        program={editing?.mode === 'edit' ? editing.program : null}
        library={library}
        onClose={() => setEditing(null)}
      />
      <DeleteProgramDialog
        program={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => (list.current ?? heading.current)?.focus()}
      />
    </>
  );
}

function ProgramCard({
  program,
  hidden,
  onEdit,
  onDelete,
}: {
  program: ProgramDto;
  /** How many of its classes riders cannot play yet (not on the public page). */
  hidden: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const { title, classes, cover } = program;
  const minutes = programMinutes(classes.map((c) => c.durationSeconds));
  const onPage = classes.length - hidden;
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
      aria-labelledby={`${id}-title`}
      data-testid="program-card"
    >
      <div className="flex aspect-video items-center justify-center bg-muted">
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcSet}
            sizes="(min-width: 640px) 480px, 100vw"
            alt=""
            className="size-full object-cover"
            data-testid="program-cover"
          />
        ) : (
          <ListOrdered aria-hidden="true" className="size-10 text-muted-foreground" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={`${id}-title`} className="text-lg leading-snug font-semibold break-words">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="program-figures">
          {programLength(classes.length, program.classesPerWeek)}
          {classes.length > 0 && ` · ${minutes} min`}
        </p>
        {program.description && (
          <p className="line-clamp-2 text-sm break-words">{program.description}</p>
        )}
        {classes.length > 0 && hidden > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="program-hidden">
            {onPage === 0
              ? 'Not on your page yet: none of its classes is ready.'
              : `${hidden} of its classes ${hidden === 1 ? 'is' : 'are'} not on your page yet.`}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button type="button" variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {title}</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="text-destructive-text"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {title}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
