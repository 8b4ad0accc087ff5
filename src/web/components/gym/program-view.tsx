import { useEffect, useId, useRef, useState } from 'react';
import { ArrowLeft, Check, Play, RotateCcw } from 'lucide-react';
import type { PublicGymVideo, PublicProgram } from '@shared/gyms.contract';
import { programDayLabel, programLength } from '@shared/programs';
import { cn } from '@web/lib/utils';
import { Cover } from './gym-programs';
import { forgetProgress, programState, readDone } from './program-progress';

/** The gym's colour, big enough for a thumb on a bike (as Start Class). */
const PRIMARY =
  'inline-flex h-14 cursor-pointer items-center justify-center gap-2 rounded-lg bg-(--gym-primary) px-6 text-lg whitespace-nowrap font-semibold text-(--gym-on-primary) shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
const SECONDARY =
  'inline-flex h-14 cursor-pointer items-center justify-center gap-2 rounded-lg border bg-card px-4 text-lg whitespace-nowrap font-medium text-card-foreground outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring';

/**
 * An open program: its classes in order as Week 1 · Day 1…, the next one to ride with Start, and
 * Start over (asked first: a shared tablet's progress is everyone's).
 */
export interface ProgramViewProps {
  program: PublicProgram;
  /** The page's classes (the program names some of them). */
  videos: readonly PublicGymVideo[];
  gymSlug: string;
  onBack: () => void;
  onStart: (classId: string) => void;
}

export function ProgramView({ program, videos, gymSlug, onBack, onStart }: ProgramViewProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [, setResets] = useState(0);
  const [askReset, setAskReset] = useState(false);
  const done = new Set(readDone(gymSlug, program.id));
  const { doneCount, next } = programState(program.classIds, [...done]);
  const classes = program.classIds.flatMap((id) => videos.filter((v) => v.id === id));
  const nextClass = next === null ? null : classes[next];
  const total = classes.length;

  // Opening a program moves the keyboard (and a screen reader) to its title.
  useEffect(() => heading.current?.focus(), [program.id]);

  return (
    <section aria-labelledby={headingId} className="space-y-5" data-testid="program-view">
      <button
        type="button"
        onClick={onBack}
        className="-ml-2 inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-lg font-medium outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        All classes
      </button>
      <div className="grid gap-5 @3xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] @3xl:items-start">
        <Cover program={program} className="w-full rounded-xl" />
        <div className="space-y-4">
          <div className="space-y-1">
            <h2
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight break-words outline-none [font-family:var(--gym-display,inherit)] @2xl:text-3xl"
            >
              {program.title}
            </h2>
            <p className="text-lg text-muted-foreground">
              {programLength(total, program.classesPerWeek)}
            </p>
            {program.description && (
              <p className="text-lg text-pretty break-words">{program.description}</p>
            )}
          </div>
          <div
            className="space-y-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
            aria-live="polite"
            data-testid="program-next"
          >
            <p className="text-2xl font-bold">
              {nextClass
                ? `Next: ${programDayLabel(next!, program.classesPerWeek)}`
                : 'Program complete'}
            </p>
            <p className="text-lg text-muted-foreground">
              {nextClass
                ? `${nextClass.title} · ${nextClass.duration}`
                : `All ${total} classes ridden on this tablet.`}
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Classes ridden"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={doneCount}
              aria-valuetext={`${doneCount} of ${total} classes ridden`}
            >
              <span
                className="block h-full bg-(--gym-primary)"
                style={{ width: `${total ? Math.round((doneCount / total) * 100) : 0}%` }}
              />
            </div>
            {askReset ? (
              <div className="flex flex-wrap items-center gap-3">
                <p className="w-full text-lg">
                  Start over? This tablet forgets the classes ridden.
                </p>
                <button
                  type="button"
                  className={PRIMARY}
                  onClick={() => {
                    forgetProgress(gymSlug, program.id);
                    setAskReset(false);
                    setResets((n) => n + 1);
                  }}
                >
                  <RotateCcw aria-hidden="true" className="size-5" />
                  Yes, start over
                </button>
                <button type="button" className={SECONDARY} onClick={() => setAskReset(false)}>
                  Keep my place
                </button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-3">
                {nextClass && (
                  <button
                    type="button"
                    className={cn(PRIMARY, 'flex-1 @lg:flex-none @lg:min-w-40')}
                    onClick={() => onStart(nextClass.id)}
                  >
                    <Play aria-hidden="true" className="size-5 fill-current" />
                    Start<span className="sr-only">: {nextClass.title}</span>
                  </button>
                )}
                {doneCount > 0 && (
                  <button
                    type="button"
                    className={cn(SECONDARY, 'flex-1 @lg:flex-none')}
                    onClick={() => setAskReset(true)}
                  >
                    <RotateCcw aria-hidden="true" className="size-5" />
                    Start over
                  </button>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
      <ol className="grid gap-2 @2xl:grid-cols-2 @2xl:gap-3" aria-label="Classes in order">
        {classes.map((video, index) => {
          const finished = done.has(video.id);
          return (
            <li key={video.id}>
              <button
                type="button"
                onClick={() => onStart(video.id)}
                data-class-id={video.id}
                aria-current={index === next ? 'step' : undefined}
                className={cn(
                  'flex min-h-16 w-full cursor-pointer items-center gap-3 rounded-xl border bg-card p-3 text-left text-card-foreground outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring',
                  index === next && 'border-2 border-(--gym-primary)',
                )}
                data-testid="program-class"
              >
                <span
                  className={cn(
                    'flex size-9 shrink-0 items-center justify-center rounded-full border text-base font-semibold',
                    finished && 'border-transparent bg-(--gym-primary) text-(--gym-on-primary)',
                  )}
                >
                  {finished ? <Check aria-hidden="true" className="size-5" /> : index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-muted-foreground uppercase">
                    {programDayLabel(index, program.classesPerWeek)}
                  </span>
                  <span className="block truncate text-lg font-semibold">{video.title}</span>
                </span>
                <span className="shrink-0 text-base text-muted-foreground">
                  {finished ? 'Done' : video.duration}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
