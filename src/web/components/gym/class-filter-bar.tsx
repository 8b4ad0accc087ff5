import { useEffect, useId, useRef } from 'react';
import { Check, Search, SearchX, X } from 'lucide-react';
import { InstructorAvatar } from '@web/components/instructor-avatar';
import { cn } from '@web/lib/utils';
import {
  isChosen,
  NO_FILTERS,
  type ClassFilters,
  type FilterOption,
  type FilterOptions,
} from './class-filters';
import type { GymClass } from './gym-classes';

const GROUPS = [
  { key: 'duration', label: 'Length' },
  { key: 'difficulty', label: 'Level' },
  { key: 'instructor', label: 'Instructor' },
  { key: 'type', label: 'Type' },
] as const satisfies ReadonlyArray<{ key: keyof FilterOptions; label: string }>;

/** Big enough for a thumb on a bike (44 px and more), in the gym's colour when chosen. */
const CHIP =
  'inline-flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-full border bg-card px-4 text-base font-medium whitespace-nowrap text-card-foreground outline-none transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring aria-pressed:border-transparent aria-pressed:bg-(--gym-primary) aria-pressed:text-(--gym-on-primary)';

/** The search box: title, instructor and type. */
export function ClassSearch({
  filters,
  onChange,
  className,
}: {
  filters: ClassFilters;
  onChange: (next: ClassFilters) => void;
  className?: string;
}) {
  return (
    <label className={cn('relative block', className)}>
      <span className="sr-only">Search classes</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        placeholder="Search title, instructor, type"
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-input bg-card pr-4 pl-11 text-lg text-card-foreground outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="class-search"
      />
    </label>
  );
}

/**
 * One row of chips (issue #20): length, level, instructor and type, each kind offered when the
 * classes differ in it. The row scrolls sideways when it is wider than the screen (a tablet keeps
 * two class cards above the fold); a wide desktop screen wraps it instead.
 */
export function ClassFilterChips({
  filters,
  options,
  classes,
  onChange,
}: {
  filters: ClassFilters;
  options: FilterOptions;
  /** For the instructors' photos on their chips. */
  classes: readonly GymClass[];
  onChange: (next: ClassFilters) => void;
}) {
  const id = useId();
  const row = useRef<HTMLDivElement>(null);
  // A bookmarked filter may sit off to the side on a phone: the row opens with it in view.
  useEffect(() => {
    const chosen = row.current?.querySelector('[aria-pressed="true"]');
    if (!row.current || !chosen) return;
    const frame = row.current.getBoundingClientRect();
    if (chosen.getBoundingClientRect().right <= frame.right) return;
    // Its kind's label comes along: "Level ✓ Beginner".
    const group = chosen.closest('[role="group"]') ?? chosen;
    row.current.scrollLeft += group.getBoundingClientRect().left - frame.left - 16;
  }, []);
  const photos = new Map(classes.map((c) => [c.instructor.id, c.instructor.photoUrl]));
  // A kind with a single value filters nothing, unless the address chose it (a bookmark).
  const groups = GROUPS.filter(({ key }) => options[key].length > 1 || filters[key] !== null);
  if (groups.length === 0) return null;

  function toggle(key: keyof FilterOptions, option: FilterOption) {
    onChange({ ...filters, [key]: isChosen(filters, key, option.value) ? null : option.value });
  }

  return (
    <div
      ref={row}
      className="-mx-4 flex items-center gap-x-6 gap-y-2 overflow-x-auto px-4 py-1 [scrollbar-width:thin] @7xl:flex-wrap"
      data-testid="class-filters"
    >
      {groups.map(({ key, label }) => (
        <div
          key={key}
          role="group"
          aria-labelledby={`${id}-${key}`}
          className="flex shrink-0 items-center gap-2"
        >
          <span id={`${id}-${key}`} className="text-sm font-semibold text-muted-foreground">
            {label}
          </span>
          {options[key].map((option) => {
            const chosen = isChosen(filters, key, option.value);
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={chosen}
                onClick={() => toggle(key, option)}
                className={cn(CHIP, key === 'instructor' && 'pl-1.5')}
              >
                {key === 'instructor' && (
                  <InstructorAvatar
                    name={option.label}
                    photoUrl={photos.get(option.value) ?? null}
                    className="size-8 text-xs"
                  />
                )}
                {chosen && <Check aria-hidden="true" className="size-4" />}
                {option.label}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

export function ClearFilters({
  onChange,
  className,
}: {
  onChange: (next: ClassFilters) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onChange(NO_FILTERS)}
      className={cn(
        'inline-flex h-11 shrink-0 cursor-pointer items-center gap-1.5 rounded-full px-4 text-base font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring',
        className,
      )}
    >
      <X aria-hidden="true" className="size-5" />
      Clear filters
    </button>
  );
}

/** Nothing matches: say so, and offer the way back in one tap. */
export function NoMatchingClasses({ onChange }: { onChange: (next: ClassFilters) => void }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center"
      data-testid="no-matching-classes"
    >
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-xl font-semibold">No classes match these filters</p>
      <p className="text-lg text-muted-foreground">Try another length or level, or clear them.</p>
      <ClearFilters onChange={onChange} className="border bg-card" />
    </div>
  );
}
