import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Maximize, WifiOff } from 'lucide-react';
import { isGymRedirect, type PublicGymBranding } from '@shared/gyms.contract';
import { SCREEN_PAGE_PATH, SCREEN_WORKER_PATH } from '@shared/screen-page';
import {
  formatScreenCode,
  SCREEN_DEVICE_MESSAGES,
  type ScreenTimetableResponse,
} from '@shared/screens';
import { gymThemeStyle } from '@web/components/gym/gym-theme';
import { GymLogo } from '@web/components/gym/gym-view';
import { cn } from '@web/lib/utils';
import { gymQuery } from '../api/gym-query';
import { registerWorkerWhenIdle } from '../installable';
import { enterFullscreen } from '../player/fullscreen';
import { useWakeLock } from '../player/use-wake-lock';
import { warmPlayerWhenIdle } from '../player/warm-up';
import { ScreenClass } from './screen-class';
import {
  classToPlay,
  countdownText,
  currentOrNext,
  dayLabel,
  knownTimeZone,
  laterToday,
  occurrenceKey,
  studioTime,
} from './schedule';
import { usePredownload } from './use-predownload';
import { useStudioScreen } from './use-studio-screen';

export const SCREEN_MESSAGES = {
  pairHow: 'On your phone or computer, open Cadence → Studio screens and enter this code',
  pairWaiting: 'Waiting for the code to be entered…',
  newCode: 'Getting a code…',
  start: 'Start',
  startHint: 'Full screen, kept awake, with sound',
  noClasses: 'No classes on the timetable for the next day and a half.',
  loading: 'Getting the timetable…',
  offline: 'No connection: playing the timetable kept on this screen.',
  laterToday: 'Later today',
} as const;

/** Until the gym's own colours are in (or with no network): Cadence's. */
const FALLBACK_BRANDING: PublicGymBranding = {
  primaryColor: '#ff4500',
  secondaryColor: '#1c1917',
  description: '',
  primaryTextColor: '#ffffff',
  secondaryTextColor: '#ffffff',
  accentColor: '#ff4500',
  poweredByCadence: false,
  heroImage: null,
  displayFont: null,
};

/**
 * The studio screen page, /screen (issue #21 part 3, docs/decisions/0050): a TV browser or a spin
 * room's tablet shows a pairing code until the owner enters it, then the next class with a big
 * countdown on the server's clock, plays each class on time full screen in the class player, and
 * goes back to the countdown after. A one-tap Start gives it full screen and the wake lock.
 */
export default function ScreenPage() {
  const screen = useStudioScreen();
  const { state, now, serverNow, clockKnown } = screen;
  const [started, setStarted] = useState(false);
  useWakeLock(started);

  const timetable = state.kind === 'paired' ? state.timetable : null;
  const branding = useBranding(timetable?.gym.slug ?? null);

  // The screen exists to play classes: the player's code (and hls.js) are fetched at once.
  const sources = useMemo(
    () => (timetable?.classes ?? []).map(({ hlsUrl, mp4Url }) => ({ hlsUrl, mp4Url })),
    [timetable],
  );
  useEffect(() => warmPlayerWhenIdle(sources), [sources]);
  // A screen restarted with no network opens from its worker's copy (its timetable is on the device).
  useEffect(() => registerWorkerWhenIdle(SCREEN_WORKER_PATH, SCREEN_PAGE_PATH), []);

  // No scrollbars on a TV, whatever its browser's window.
  useEffect(() => {
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  const start = () => {
    setStarted(true);
    void enterFullscreen(document.documentElement);
  };

  return (
    <div style={gymThemeStyle(branding)} className="contents">
      {state.kind === 'pairing' ? (
        <ScreenFrame started={started} onStart={start} clock={null}>
          <PairingView
            code={state.pairing?.code ?? null}
            removed={state.removed}
            expired={state.expired}
          />
        </ScreenFrame>
      ) : (
        <Timetable
          timetable={timetable}
          serverNow={serverNow}
          clockKnown={clockKnown}
          branding={branding}
          now={now}
          started={started}
          onStart={start}
        />
      )}
    </div>
  );
}

/** The gym's colours from its public answer (the timetable names the page), else Cadence's. */
function useBranding(slug: string | null): PublicGymBranding {
  const query = useQuery({ ...gymQuery(slug ?? ''), enabled: slug !== null });
  const gym = query.data;
  return gym && !isGymRedirect(gym) ? gym.branding : FALLBACK_BRANDING;
}

function Timetable({
  timetable,
  serverNow,
  clockKnown,
  branding,
  now,
  started,
  onStart,
}: {
  timetable: ScreenTimetableResponse | null;
  serverNow(): number;
  clockKnown: boolean;
  branding: PublicGymBranding;
  now: number;
  started: boolean;
  onStart(): void;
}) {
  // The next 36 hours' classes saved for offline at night, and a class starting soon at once.
  usePredownload(timetable, serverNow, clockKnown);
  // Classes this screen is through with (ended, or closed by someone at the screen).
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const online = useOnline();
  const timeZone = knownTimeZone(timetable?.timeZone ?? '');
  const entries = timetable?.entries ?? [];
  const classes = useMemo(
    () => new Map((timetable?.classes ?? []).map((c) => [c.id, c])),
    [timetable],
  );
  const next = currentOrNext(entries, now, done);
  const playing = classToPlay(entries, now, done);
  const video = playing ? classes.get(playing.videoId) : undefined;
  // Until the start the screen's countdown stays over the player, which waits loaded at 0:00.
  const covered = !!playing && now < playing.startsAt;

  const clock = timetable ? studioTime(now, timeZone) : null;
  return (
    <>
      <ScreenFrame
        started={started}
        onStart={onStart}
        clock={clock}
        gym={timetable?.gym ?? null}
        className={covered ? 'z-[60]' : undefined}
        note={online ? null : SCREEN_MESSAGES.offline}
      >
        {timetable === null ? (
          <p role="status" className="text-[min(4vw,3rem)] text-muted-foreground">
            {SCREEN_MESSAGES.loading}
          </p>
        ) : next === null ? (
          <p className="max-w-[30ch] text-center text-[min(5vw,4rem)] leading-tight font-semibold">
            {SCREEN_MESSAGES.noClasses}
          </p>
        ) : (
          <NextClass
            title={classes.get(next.videoId)?.title ?? ''}
            startsAt={next.startsAt}
            now={now}
            timeZone={timeZone}
            later={laterToday(entries, next, now, timeZone).map((e) => ({
              key: occurrenceKey(e),
              time: studioTime(e.startsAt, timeZone),
              title: classes.get(e.videoId)?.title ?? '',
            }))}
          />
        )}
      </ScreenFrame>
      {playing && video && timetable && (
        <ScreenClass
          key={occurrenceKey(playing)}
          entry={playing}
          video={video}
          gym={timetable.gym}
          branding={branding}
          now={now}
          serverNow={serverNow}
          onDone={() => setDone((d) => new Set(d).add(occurrenceKey(playing)))}
          onTap={started ? undefined : onStart}
        />
      )}
    </>
  );
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The whole screen: the gym and the clock along the top, Start until tapped, the content in the middle. */
function ScreenFrame({
  started,
  onStart,
  clock,
  gym = null,
  note = null,
  className,
  children,
}: {
  started: boolean;
  onStart(): void;
  clock: string | null;
  gym?: { name: string; logo: string | null } | null;
  note?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <main
      className={cn(
        'fixed inset-0 flex flex-col overflow-hidden bg-background text-foreground',
        className,
      )}
      data-testid="studio-screen"
    >
      <header className="flex items-center gap-[2vmin] px-[4vmin] pt-[3vmin]">
        {gym && (
          <>
            <GymLogo
              name={gym.name}
              logoUrl={gym.logo}
              className="size-[max(3rem,9vmin)] text-[max(1rem,3vmin)]"
            />
            <p className="min-w-0 truncate text-[max(1.25rem,4vmin)] font-bold">{gym.name}</p>
          </>
        )}
        {clock !== null && (
          <p
            className="ml-auto text-[max(1.5rem,6vmin)] leading-none font-bold tabular-nums"
            data-testid="screen-clock"
          >
            {clock}
          </p>
        )}
      </header>
      {note && (
        <p
          role="status"
          className="mx-[4vmin] mt-[2vmin] flex items-center gap-3 rounded-xl bg-muted px-5 py-3 text-[max(1rem,2.5vmin)]"
        >
          <WifiOff aria-hidden="true" className="size-[1.2em] shrink-0" />
          {note}
        </p>
      )}
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-[4vmin] px-[4vmin] pb-[4vmin] text-center">
        {children}
      </div>
      {!started && (
        <footer className="flex justify-center pb-[4vmin]">
          <button
            type="button"
            onClick={onStart}
            className="inline-flex min-h-16 cursor-pointer items-center gap-4 rounded-full bg-(--gym-primary) px-[5vmin] py-[2vmin] text-[max(1.25rem,4vmin)] font-bold text-(--gym-on-primary) shadow-lg outline-none focus-visible:ring-8 focus-visible:ring-ring"
            data-testid="screen-start"
          >
            <Maximize aria-hidden="true" className="size-[1.2em]" />
            {SCREEN_MESSAGES.start}
            <span className="text-[0.55em] font-medium opacity-90 max-sm:sr-only">
              {SCREEN_MESSAGES.startHint}
            </span>
          </button>
        </footer>
      )}
    </main>
  );
}

function PairingView({
  code,
  removed,
  expired,
}: {
  code: string | null;
  removed: boolean;
  expired: boolean;
}) {
  return (
    <>
      {removed && (
        <p
          role="alert"
          className="rounded-2xl bg-destructive-soft px-[4vmin] py-[2vmin] text-[max(1.25rem,4.5vmin)] font-bold text-destructive-text"
        >
          {SCREEN_DEVICE_MESSAGES.revoked}
        </p>
      )}
      <p className="max-w-[28ch] text-[max(1.25rem,4.5vmin)] leading-snug font-semibold">
        {SCREEN_MESSAGES.pairHow}
      </p>
      {code ? (
        <p
          className="font-mono text-[min(16vw,24vmin)] leading-none font-bold tracking-wider whitespace-nowrap text-(--gym-primary)"
          aria-label={`Code ${code.split('').join(' ')}`}
          data-testid="pairing-code"
        >
          {formatScreenCode(code)}
        </p>
      ) : (
        <p role="status" className="text-[max(1.25rem,5vmin)] text-muted-foreground">
          {expired ? SCREEN_DEVICE_MESSAGES.pairingExpired : SCREEN_MESSAGES.newCode}
        </p>
      )}
      {code && (
        <p className="text-[max(1rem,3vmin)] text-muted-foreground">
          {SCREEN_MESSAGES.pairWaiting}
        </p>
      )}
    </>
  );
}

function NextClass({
  title,
  startsAt,
  now,
  timeZone,
  later,
}: {
  title: string;
  startsAt: number;
  now: number;
  timeZone: string | undefined;
  later: Array<{ key: string; time: string; title: string }>;
}) {
  const started = now >= startsAt;
  const day = dayLabel(startsAt, now, timeZone);
  const at = studioTime(startsAt, timeZone);
  return (
    <>
      <section className="flex flex-col items-center gap-[2vmin]" aria-label="Next class">
        <h1 className="max-w-full truncate text-[max(2rem,8vmin)] leading-tight font-extrabold [font-family:var(--gym-display,inherit)]">
          {title}
        </h1>
        {started ? (
          <p className="text-[max(1.5rem,7vmin)] font-bold">Playing now</p>
        ) : (
          <p
            role="timer"
            aria-live="off"
            aria-label={`${title} starts in ${countdownText(startsAt - now)}`}
            className="flex flex-col items-center leading-none"
            data-testid="screen-countdown"
          >
            <span className="text-[max(1.25rem,5vmin)] font-semibold text-muted-foreground">
              starts in
            </span>
            <span className="text-[min(20vw,26vmin)] font-extrabold tabular-nums text-(--gym-primary)">
              {countdownText(startsAt - now)}
            </span>
          </p>
        )}
        <p className="text-[max(1.25rem,4.5vmin)] text-muted-foreground">
          {day ? `${day} at ${at}` : `at ${at}`}
        </p>
      </section>
      {later.length > 0 && (
        <section className="w-fit max-w-full" aria-label={SCREEN_MESSAGES.laterToday}>
          <h2 className="text-[max(1rem,3vmin)] font-semibold tracking-wide text-muted-foreground uppercase">
            {SCREEN_MESSAGES.laterToday}
          </h2>
          <ul className="mt-[1vmin] divide-y divide-border">
            {later.slice(0, 4).map((entry) => (
              <li
                key={entry.key}
                className="flex items-baseline gap-[3vmin] py-[1vmin] text-[max(1.1rem,3.5vmin)]"
              >
                <span className="font-bold tabular-nums">{entry.time}</span>
                <span className="min-w-0 truncate">{entry.title}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
