import { useId } from 'react';
import { Bike } from 'lucide-react';
import type { PublicProgram } from '@shared/gyms.contract';
import { programDayLabel, programLength } from '@shared/programs';
import { cn } from '@web/lib/utils';
import { programState, readDone } from './program-progress';

/** A program's 16:9 cover, or the gym's colour with a bike where it has none. */
export function Cover({ program, className }: { program: PublicProgram; className: string }) {
  return (
    <span
      className={cn(
        'flex aspect-video shrink-0 items-center justify-center overflow-hidden bg-(--gym-secondary)',
        className,
      )}
    >
      {program.cover ? (
        <img
          src={program.cover.src}
          srcSet={program.cover.srcSet}
          sizes="(min-width: 1024px) 480px, 50vw"
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
      ) : (
        <Bike aria-hidden="true" className="size-8 text-(--gym-on-secondary)" />
      )}
    </span>
  );
}

/** "Next: Week 2 · Day 1", "Completed", or nothing before the first class is finished. */
function progressLine(program: PublicProgram, gymSlug: string): string | null {
  const state = programState(program.classIds, readDone(gymSlug, program.id));
  if (state.doneCount === 0) return null;
  return state.next === null
    ? 'Completed'
    : `Next: ${programDayLabel(state.next, program.classesPerWeek)}`;
}

/**
 * The gym's programs above its classes (issue #20 part 2): one row that scrolls sideways, each
 * card a button opening the program, with where this tablet is in it.
 */
export function ProgramStrip({
  programs,
  gymSlug,
  onOpen,
}: {
  programs: readonly PublicProgram[];
  gymSlug: string;
  onOpen: (programId: string) => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 @2xl:flex @2xl:items-center @2xl:gap-5 @2xl:space-y-0"
      data-testid="gym-programs"
    >
      <h2
        id={id}
        className="text-2xl font-bold tracking-tight [font-family:var(--gym-display,inherit)] @2xl:shrink-0 @2xl:text-3xl"
      >
        Programs
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto scroll-px-4 px-4 py-1 @2xl:mx-0 @2xl:min-w-0 @2xl:flex-1 @2xl:scroll-px-1 @2xl:px-1">
        {programs.map((program) => {
          const progress = progressLine(program, gymSlug);
          return (
            <li
              key={program.id}
              className={cn(
                'max-w-md shrink-0 snap-start @2xl:w-[26rem]',
                // One program takes the row; more show the next one's edge, inviting a swipe.
                programs.length > 1 ? 'w-[85%]' : 'w-full',
              )}
            >
              <button
                type="button"
                onClick={() => onOpen(program.id)}
                data-program-id={program.id}
                className="flex h-full w-full cursor-pointer items-center gap-3 rounded-xl border bg-card p-3 text-left @2xl:p-2.5 text-card-foreground shadow-sm outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring"
                data-testid="program-card"
              >
                <Cover program={program} className="w-24 rounded-lg @2xl:w-28" />
                <span className="min-w-0">
                  <span className="line-clamp-2 text-lg leading-snug font-semibold break-words">
                    {program.title}
                  </span>
                  <span className="block text-base text-muted-foreground">
                    {programLength(program.classIds.length, program.classesPerWeek)}
                  </span>
                  {progress && (
                    <span className="block text-base font-semibold" data-testid="program-progress">
                      {progress}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
