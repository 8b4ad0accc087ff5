import { useId, type ReactNode } from 'react';
import { BarChart3, Bike, Clock, Info, Play, PlayCircle, Timer, Users, Zap } from 'lucide-react';
import type { Difficulty } from '@shared/class-details';
import { gymInitials, type PublicGymBranding } from '@shared/gyms.contract';
import { InstructorAvatar } from '@web/components/instructor-avatar';
import { cn } from '@web/lib/utils';
import { ClassFilterChips, ClassSearch, ClearFilters, NoMatchingClasses } from './class-filter-bar';
import { filterClasses, filterOptions, hasFilters, type ClassFilters } from './class-filters';
import { useDisplayFonts } from './display-font';
import { DEMO_NOTICE, gymFigures, type GymClass, type GymFigures } from './gym-classes';
import { gymThemeStyle } from './gym-theme';

export const GYM_TAGLINE = 'Choose your spin class and get ready to sweat';
/** At the foot of the page on plans without Full branding (issue #18 part 3). */
export const POWERED_BY = 'Powered by Cadence';
const BADGES = [
  { label: 'Available 24/7', icon: Clock },
  { label: 'All Levels Welcome', icon: Users },
  { label: 'High Energy', icon: Zap },
] as const;

/** product.md §2 difficulty colours, readable (4.5:1) in both themes. */
const DIFFICULTY_STYLES: Record<Difficulty, string> = {
  Beginner:
    'border-green-300 bg-green-100 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-200',
  Intermediate:
    'border-yellow-300 bg-yellow-100 text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-200',
  Advanced: 'border-destructive/40 bg-destructive-soft text-destructive-text',
};

type Level = 1 | 2 | 3 | 4;
/** Headings shift down one level in the preview, which sits under the /customize page's own h1. */
function Heading({
  level,
  className,
  children,
}: {
  level: Level;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as 'h1' | 'h2' | 'h3' | 'h4';
  // The gym's display font when it chose one (--gym-display, Full customization).
  return (
    <Tag className={cn('[font-family:var(--gym-display,inherit)]', className)}>{children}</Tag>
  );
}

export function GymLogo({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  if (logoUrl) {
    return (
      <span
        className={cn(
          'inline-flex size-24 items-center justify-center rounded-2xl bg-white p-2 shadow-lg',
          className,
        )}
      >
        <img
          src={logoUrl}
          alt={`${name} logo`}
          className="max-h-full max-w-full object-contain"
          data-testid="gym-logo"
        />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="gym-initials"
      className={cn(
        'inline-flex size-24 items-center justify-center rounded-full bg-(--gym-primary) text-3xl font-extrabold tracking-tight text-(--gym-on-primary) shadow-lg',
        className,
      )}
    >
      {gymInitials(name)}
    </span>
  );
}

/**
 * Compact (issue #15): on a tablet on a bike the classes matter, so the hero is one band (about
 * 100 px) and two class cards with their Start Class fit below it without scrolling.
 */
export function GymHero({
  name,
  logoUrl,
  heroImage = null,
  headingLevel = 1,
}: {
  name: string;
  logoUrl: string | null;
  /** Full customization: a picture behind the band, under a wash of the secondary colour. */
  heroImage?: PublicGymBranding['heroImage'];
  headingLevel?: Level;
}) {
  return (
    <header
      className="relative isolate bg-(--gym-secondary) text-(--gym-on-secondary)"
      data-testid="gym-hero"
    >
      {heroImage && (
        <>
          {/* Decorative: the name and badges say what the band is. The classes' pictures load first. */}
          <img
            src={heroImage.src}
            srcSet={heroImage.srcSet}
            sizes="100vw"
            alt=""
            decoding="async"
            fetchPriority="low"
            className="absolute inset-0 -z-10 size-full object-cover"
            data-testid="gym-hero-image"
          />
          {/* The text stays on the secondary colour: solid behind the name, the picture showing to the right. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-linear-to-r from-(--gym-secondary) from-45% to-(--gym-secondary)/55 @2xl:from-35% @2xl:to-(--gym-secondary)/25"
          />
        </>
      )}
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 @2xl:flex-row @2xl:items-center @2xl:gap-6 @2xl:py-3">
        <div className="flex min-w-0 flex-1 items-center gap-3 @2xl:gap-4">
          <GymLogo
            name={name}
            logoUrl={logoUrl}
            className="size-12 shrink-0 text-lg @2xl:size-16 @2xl:text-2xl"
          />
          <div className="min-w-0">
            <Heading
              level={headingLevel}
              className="line-clamp-2 text-xl leading-tight break-words font-extrabold tracking-tight @2xl:text-3xl"
            >
              {name}
            </Heading>
            <p
              className="text-sm leading-tight font-semibold text-(--gym-accent) @2xl:text-lg @2xl:leading-snug"
              data-testid="gym-tagline"
            >
              {GYM_TAGLINE}
            </p>
          </div>
        </div>
        <ul
          className="flex shrink-0 gap-1.5 @2xl:flex-col @2xl:items-stretch @2xl:gap-1 @4xl:max-w-sm @4xl:flex-row @4xl:flex-wrap @4xl:justify-end @4xl:gap-2"
          aria-label="What to expect"
        >
          {BADGES.map(({ label, icon: Icon }) => (
            <li
              key={label}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border border-current/40 px-2 py-0.5 text-xs font-medium whitespace-nowrap @2xl:gap-1.5 @2xl:px-3 @2xl:text-sm @4xl:py-1',
                // Over the picture, each badge keeps the secondary colour behind its words.
                heroImage && 'bg-(--gym-secondary)',
              )}
            >
              {/* On a phone the three fit on one line without their icons. */}
              <Icon aria-hidden="true" className="hidden size-4 @2xl:block" />
              {label}
            </li>
          ))}
        </ul>
      </div>
      <div aria-hidden="true" className="h-1.5 bg-(--gym-primary)" />
    </header>
  );
}

export function DifficultyBadge({
  difficulty,
  className,
}: {
  difficulty: Difficulty;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-semibold',
        DIFFICULTY_STYLES[difficulty],
        className,
      )}
      data-difficulty={difficulty}
    >
      {difficulty}
    </span>
  );
}

/**
 * Made for a tablet on a bike (issue #15): text of 18 px and more, and the whole card is the tap
 * target (Start Class's area stretches over it). Two columns from a tablet's width; on a phone the
 * picture sits beside the title so two cards fit on the screen.
 */
export function ClassCard({
  gymClass,
  onStart,
  headingLevel = 3,
  sample = false,
  priority = false,
  extra,
}: {
  gymClass: GymClass;
  onStart: (classId: string) => void;
  headingLevel?: Level;
  /** A demo class: marked on its picture. */
  sample?: boolean;
  /** In the first row: its picture is likely the page's largest paint, so it loads at once. */
  priority?: boolean;
  /** Above Start Class: the class saved on this tablet, or its Save for offline (decision 0048). */
  extra?: ReactNode;
}) {
  const { inProgress } = gymClass;
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
      data-testid="class-card"
    >
      <div className="flex items-start gap-3 p-3 pb-0 @2xl:flex-col @2xl:gap-0 @2xl:p-0">
        <div className="relative aspect-video w-32 shrink-0 overflow-hidden rounded-lg bg-(--gym-secondary) @2xl:w-full @2xl:rounded-none">
          {gymClass.thumbnailUrl ? (
            <img
              src={gymClass.thumbnailUrl}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center" aria-hidden="true">
              <span className="flex size-10 items-center justify-center rounded-full bg-(--gym-primary) text-(--gym-on-primary) @2xl:size-16">
                <Bike className="size-5 @2xl:size-8" />
              </span>
            </div>
          )}
          {inProgress && (
            <span
              aria-hidden="true"
              className="absolute inset-x-0 bottom-0 h-1.5 bg-black/50"
              data-testid="class-progress-bar"
            >
              <span
                className="block h-full bg-(--gym-primary)"
                style={{ width: `${Math.round(inProgress.fraction * 100)}%` }}
              />
            </span>
          )}
          {sample && (
            <span className="absolute top-1.5 left-1.5 rounded-md bg-background px-1.5 py-0.5 text-xs font-semibold text-foreground shadow-sm @2xl:top-3 @2xl:left-3 @2xl:px-2">
              Sample class
            </span>
          )}
        </div>
        <div className="min-w-0 space-y-0.5 @2xl:px-5 @2xl:pt-4">
          <Heading
            level={headingLevel}
            className="line-clamp-2 text-xl leading-snug font-semibold break-words @2xl:text-2xl"
          >
            {gymClass.title}
          </Heading>
          <p
            className="flex items-center gap-2 text-lg text-muted-foreground"
            data-testid="class-instructor"
          >
            {gymClass.instructor.id !== null && (
              <InstructorAvatar
                name={gymClass.instructor.name}
                photoUrl={gymClass.instructor.photoUrl}
                className="size-7 text-xs"
              />
            )}
            <span className="min-w-0 truncate">with {gymClass.instructor.name}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3 @2xl:px-5 @2xl:pt-3 @2xl:pb-5">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-lg">
          <DifficultyBadge difficulty={gymClass.difficulty} className="text-lg" />
          <span className="inline-flex items-center gap-1.5 text-muted-foreground">
            <Timer aria-hidden="true" className="size-5" />
            {gymClass.duration}
          </span>
          {gymClass.classType && (
            <span className="text-muted-foreground" data-testid="class-type">
              {gymClass.classType}
            </span>
          )}
          {inProgress && (
            <span className="font-semibold" data-testid="class-in-progress">
              In progress · {inProgress.at}
            </span>
          )}
        </div>
        {extra}
        <button
          type="button"
          onClick={() => onStart(gymClass.id)}
          data-class-id={gymClass.id}
          className="mt-auto inline-flex h-14 w-full cursor-pointer items-center justify-center gap-2 rounded-lg bg-(--gym-primary) px-4 text-lg font-semibold text-(--gym-on-primary) shadow-sm outline-none after:absolute after:inset-0 after:content-[''] focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <Play aria-hidden="true" className="size-5 fill-current" />
          Start Class<span className="sr-only">: {gymClass.title}</span>
        </button>
      </div>
    </article>
  );
}

export function GymStats({ classCount, figures }: { classCount: number; figures: GymFigures }) {
  const stats = [
    {
      value: String(classCount),
      label: 'Available Classes',
      icon: PlayCircle,
      testId: 'stat-classes',
    },
    { value: figures.minutes, label: 'Minutes of Content', icon: Clock, testId: 'stat-minutes' },
    {
      value: figures.levels,
      label: figures.levels === '1' ? 'Difficulty Level' : 'Difficulty Levels',
      icon: BarChart3,
      testId: 'stat-levels',
    },
  ];
  return (
    <ul className="grid gap-4 @2xl:grid-cols-3" aria-label="About these classes">
      {stats.map(({ value, label, icon: Icon, testId }) => (
        <li
          key={label}
          className="flex items-center gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
          data-testid={testId}
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-(--gym-primary) text-(--gym-on-primary)">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <span className="flex flex-col">
            <span className="text-3xl font-bold tracking-tight">{value}</span>
            <span className="text-sm text-muted-foreground">{label}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface GymViewProps {
  name: string;
  logoUrl: string | null;
  branding: PublicGymBranding;
  classes: readonly GymClass[];
  isDemo: boolean;
  onStartClass: (classId: string) => void;
  /** The rider's filters and where they change (the page's address); none in the preview. */
  filters?: { value: ClassFilters; onChange: (next: ClassFilters) => void };
  /** Inside /customize: headings one level down, no full-screen height. */
  preview?: boolean;
  /** The gym's programs, above its classes (issue #20 part 2); none in the preview. */
  programs?: ReactNode;
  /** A program opened: shown in place of the classes (kept, hidden, with their filters). */
  openProgram?: ReactNode;
  /** The classes saved on this tablet (decision 0048), above the classes. */
  saved?: ReactNode;
  /** A class card's saving part (Save for offline, progress, Saved and Remove). */
  classExtra?: (gymClass: GymClass) => ReactNode;
}

/** The public gym page's look (product.md §2), painted in the gym's colours; also the /customize preview. */
export function GymView({
  name,
  logoUrl,
  branding,
  classes,
  isDemo,
  onStartClass,
  filters,
  preview = false,
  programs,
  openProgram,
  saved,
  classExtra,
}: GymViewProps) {
  const base = preview ? 1 : 0;
  const headingId = useId();
  useDisplayFonts([branding.displayFont]);
  // The sample classes are not filtered: they only show what the page will look like.
  const filtering = filters && !isDemo ? filters : null;
  const filtered = filtering && hasFilters(filtering.value);
  const shown = filtering ? filterClasses(classes, filtering.value) : classes;
  const count = `${classes.length} ${classes.length === 1 ? 'class' : 'classes'}`;
  return (
    <div
      className={cn('@container bg-background text-foreground', !preview && 'min-h-svh')}
      style={gymThemeStyle(branding)}
      data-testid="gym-view"
    >
      <GymHero
        name={name}
        logoUrl={logoUrl}
        heroImage={branding.heroImage}
        headingLevel={(1 + base) as Level}
      />
      <main className="mx-auto max-w-6xl space-y-8 px-4 pt-4 pb-8 @2xl:pb-12">
        {openProgram ?? programs}
        {!openProgram && saved}
        <section aria-labelledby={headingId} className="space-y-3" hidden={Boolean(openProgram)}>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Heading
              level={(2 + base) as Level}
              className="mr-auto text-2xl font-bold tracking-tight @2xl:text-3xl"
            >
              <span id={headingId}>Choose Your Class</span>
            </Heading>
            {filtering && (
              <ClassSearch
                filters={filtering.value}
                onChange={filtering.onChange}
                className="order-last w-full @2xl:order-none @2xl:w-80"
              />
            )}
            <p
              className="text-base text-muted-foreground"
              aria-live="polite"
              data-testid="class-count"
            >
              {filtered ? `${shown.length} of ${count}` : count}
            </p>
            {filtered && <ClearFilters onChange={filtering.onChange} className="-ml-2" />}
          </div>
          {filtering && (
            <ClassFilterChips
              filters={filtering.value}
              options={filterOptions(classes)}
              classes={classes}
              onChange={filtering.onChange}
            />
          )}
          {isDemo && (
            <p
              className="flex items-start gap-2 rounded-lg border border-dashed bg-muted px-4 py-3 text-sm"
              data-testid="demo-notice"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {DEMO_NOTICE}
            </p>
          )}
          <div
            className="grid gap-3 @2xl:grid-cols-2 @2xl:gap-5"
            data-testid="class-grid"
            data-demo={isDemo || undefined}
          >
            {shown.map((gymClass, index) => (
              <ClassCard
                key={gymClass.id}
                gymClass={gymClass}
                onStart={onStartClass}
                headingLevel={(3 + base) as Level}
                sample={isDemo}
                priority={index < 2}
                extra={classExtra?.(gymClass)}
              />
            ))}
          </div>
          {filtering && shown.length === 0 && <NoMatchingClasses onChange={filtering.onChange} />}
        </section>
        {/* Below the classes: on the bike, the classes come first. */}
        {branding.description && (
          <p className="max-w-3xl text-lg text-pretty" data-testid="gym-description">
            {branding.description}
          </p>
        )}
        {!openProgram && (
          <GymStats classCount={classes.length} figures={gymFigures(classes, isDemo)} />
        )}
        {branding.poweredByCadence && (
          <p className="text-center text-sm text-muted-foreground" data-testid="powered-by">
            {/* The preview sits inside the app: its link would leave the page being edited. */}
            {preview ? (
              POWERED_BY
            ) : (
              <a href="/" className="underline-offset-4 hover:underline">
                {POWERED_BY}
              </a>
            )}
          </p>
        )}
      </main>
    </div>
  );
}
