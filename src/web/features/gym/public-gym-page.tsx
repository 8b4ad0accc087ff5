import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { Home, Loader2, SearchX } from 'lucide-react';
import {
  GYM_NOT_FOUND,
  gymPagePath,
  isGymRedirect,
  type PublicGymResponse,
  type PublicGymVideo,
} from '@shared/gyms.contract';
import { classesToShow, type GymClass } from '@web/components/gym/gym-classes';
import { ProgramStrip } from '@web/components/gym/gym-programs';
import { markDone } from '@web/components/gym/program-progress';
import { GymView } from '@web/components/gym/gym-view';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useGym } from './api/gym-query';
import { savedPosition, startPosition } from './player/playback-device';
import { formatClock } from '@shared/format';
import { afterLoadWhenIdle, loadClassPlayer, warmPlayerWhenIdle } from './player/warm-up';
import { PlayerErrorBoundary } from './player-error';
import type { LocalCopy } from './player/class-player';
import { useClassFilters } from './use-class-filters';
import { useClassParam } from './use-class-param';
import { useGymDocument } from './use-gym-document';
import { LazyProgramView, loadProgramView } from './lazy-program-view';
import { useProgramParam } from './use-program-param';
import { useOfflineUi } from './offline/use-offline-ui';
import { useSavedIds } from './offline/saved-ids';

/** Loading (product.md §2): the hero's shape and four class-card placeholders. */
export function GymSkeleton() {
  return (
    <div
      className="min-h-svh bg-background"
      role="status"
      aria-live="polite"
      data-testid="gym-loading"
    >
      <span className="sr-only">Loading...</span>
      <div className="bg-muted">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
          <Skeleton className="size-12 rounded-full bg-background/60 md:size-16" />
          <div className="space-y-2">
            <Skeleton className="h-7 w-56 max-w-full bg-background/60" />
            <Skeleton className="h-5 w-72 max-w-full bg-background/60" />
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-3 px-4 pt-16 pb-10 md:grid-cols-2 md:gap-5">
        {Array.from({ length: 4 }, (_, i) => (
          <div
            key={i}
            className="overflow-hidden rounded-xl border bg-card"
            data-testid="class-skeleton"
          >
            <Skeleton className="aspect-video rounded-none max-md:hidden" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-14 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Failure or no data (product.md §2): the Gym Not Found card with Go Home. */
export function GymNotFound({ failed }: { failed: boolean }) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md" data-testid="gym-not-found">
        <CardHeader className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted">
            <SearchX aria-hidden="true" className="size-7 text-muted-foreground" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{GYM_NOT_FOUND.title}</h1>
        </CardHeader>
        <CardContent>
          <p className="text-center text-muted-foreground">
            {failed ? GYM_NOT_FOUND.errorMessage : GYM_NOT_FOUND.missingMessage}
          </p>
        </CardContent>
        <CardFooter className="justify-center">
          {/* A full page load: the public page's own build (gym.html) holds no other page. */}
          <Button asChild>
            <a href="/">
              <Home aria-hidden="true" />
              Go Home
            </a>
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}

/**
 * The player (and hls.js inside it) is not in the gym page's script: it loads when the page is idle
 * (player/warm-up.ts), or with the tap on Start Class if that comes first.
 */
const lazyPlayer = () => lazy(() => loadClassPlayer().then((m) => ({ default: m.ClassPlayer })));

function PlayerLoading() {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black text-white"
      role="status"
    >
      <Loader2 aria-hidden="true" className="size-16 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">Loading the class...</span>
    </div>
  );
}

export const SAMPLE_CLASS_TITLE = 'Sample class';
export const SAMPLE_CLASS_DESCRIPTION =
  "This is a preview of how classes will look. The gym's own classes will play here once they are published.";

/**
 * Retry after the player's code failed to load: import it again; when that failed too and the
 * tablet is online, the chunk is likely gone (a deploy replaced it), so the page reloads (the
 * class stays in the address, so the player opens again).
 */
function usePlayerChunk() {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: a lazy one keeps its failed import for ever.
  const Player = useMemo(lazyPlayer, [attempt]);
  const retry = () => {
    if (attempt > 0 && navigator.onLine) window.location.reload();
    else setAttempt(attempt + 1);
  };
  return { Player, retry };
}

/** "In progress · 5:30" on the classes this tablet stopped in the middle of (its own saved copy). */
function withProgress(
  classes: readonly GymClass[],
  videos: readonly PublicGymVideo[],
): readonly GymClass[] {
  return classes.map((gymClass) => {
    const video = videos.find((v) => v.id === gymClass.id);
    const at = video ? startPosition(savedPosition(video.id), null, video.durationSeconds) : 0;
    if (!video || at <= 0) return gymClass;
    const fraction = video.durationSeconds ? Math.min(at / video.durationSeconds, 1) : 0;
    return { ...gymClass, inProgress: { at: formatClock(at), fraction } };
  });
}

function GymLoaded({ gym }: { gym: PublicGymResponse }) {
  const player = useClassParam();
  const filters = useClassFilters();
  const playingIndex = player.classId ? gym.videos.findIndex((v) => v.id === player.classId) : -1;
  const playing = gym.videos[playingIndex];
  // A program open on the page (issue #20 part 2): its classes follow each other in its order,
  // and one played to its end counts as ridden on this tablet.
  const programs = useProgramParam();
  const program = gym.programs.find((p) => p.id === programs.programId) ?? null;
  const inProgram = playing && program?.classIds.includes(playing.id) ? program : null;
  const nextVideo = inProgram
    ? gym.videos.find(
        (v) => v.id === inProgram.classIds[inProgram.classIds.indexOf(playing!.id) + 1],
      )
    : playing
      ? gym.videos[playingIndex + 1]
      : undefined;
  const playingId = playing?.id;
  const { classes, isDemo } = useMemo(() => classesToShow(gym.videos), [gym.videos]);
  // Read again once the player has closed (and saved where it stopped): its card shows that point.
  const [closings, setClosings] = useState(0);
  const shown = useMemo(() => withProgress(classes, gym.videos), [classes, gym.videos, closings]);
  const { Player, retry } = usePlayerChunk();
  // Saving classes on this tablet (decision 0048): a saved class plays from its copy.
  const savedIds = useSavedIds();
  const playingSaved = Boolean(playingId && savedIds.has(playingId));
  const offline = useOfflineUi(playingSaved);
  // The tab's icon is the logo's only with Full branding: the answer leaves it out below that plan.
  useGymDocument(gym.gymName, gym.gymLogoIcon);
  useEffect(() => warmPlayerWhenIdle(gym.videos), [gym.videos]);
  const hasPrograms = gym.programs.length > 0;
  useEffect(() => {
    if (!hasPrograms) return;
    return afterLoadWhenIdle(() => void loadProgramView().catch(() => undefined));
  }, [hasPrograms]);
  // Closing the player gives the keyboard focus back to that class's Start Class.
  const lastPlayed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (playingId) {
      lastPlayed.current = playingId;
      return;
    }
    const closed = lastPlayed.current;
    lastPlayed.current = undefined;
    if (!closed) return;
    setClosings((n) => n + 1);
    document.querySelector<HTMLElement>(`[data-class-id="${CSS.escape(closed)}"]`)?.focus();
  }, [playingId]);
  // Closing a program gives the keyboard focus back to its card.
  const lastProgram = useRef<string | undefined>(undefined);
  const programId = program?.id;
  useEffect(() => {
    const closed = lastProgram.current;
    lastProgram.current = programId;
    if (!closed || programId) return;
    document.querySelector<HTMLElement>(`[data-program-id="${CSS.escape(closed)}"]`)?.focus();
  }, [programId]);
  // Suspense inside the saved copy: the player's first render suspends (its lazy code), and a
  // copy remounted by that would revoke the address the video is loading.
  const playerOf = (localCopy: LocalCopy | null) =>
    playing && (
      <Suspense fallback={<PlayerLoading />}>
        <Player
          video={playing}
          gymSlug={gym.slug}
          gymName={gym.gymName}
          branding={gym.branding}
          next={nextVideo ? { id: nextVideo.id, title: nextVideo.title } : null}
          onNext={player.switchTo}
          onClose={player.close}
          onEnded={inProgram ? () => markDone(gym.slug, inProgram.id, playing.id) : undefined}
          together={player.together}
          onRideTogether={player.rideTogether}
          localCopy={localCopy}
        />
      </Suspense>
    );
  return (
    <>
      {/* Hidden (not unmounted) behind the player: closing it returns to the same scroll spot. */}
      <div hidden={Boolean(playing)}>
        <GymView
          name={gym.gymName}
          logoUrl={gym.gymLogo}
          branding={gym.branding}
          classes={shown}
          isDemo={isDemo}
          filters={filters}
          saved={offline && <offline.SavedSection gym={gym.slug} />}
          classExtra={
            offline && !isDemo
              ? (gymClass) => {
                  const video = gym.videos.find((v) => v.id === gymClass.id);
                  return video && <offline.ClassSaveControl video={video} gym={gym.slug} />;
                }
              : undefined
          }
          programs={
            gym.programs.length > 0 ? (
              <ProgramStrip programs={gym.programs} gymSlug={gym.slug} onOpen={programs.open} />
            ) : undefined
          }
          openProgram={
            program ? (
              <LazyProgramView
                program={program}
                videos={gym.videos}
                gymSlug={gym.slug}
                onBack={programs.close}
                onStart={player.open}
              />
            ) : undefined
          }
          onStartClass={(classId) => {
            if (gym.videos.some((v) => v.id === classId)) player.open(classId);
            // The demo's sample classes have nothing to play: say so rather than do nothing.
            else toast({ title: SAMPLE_CLASS_TITLE, description: SAMPLE_CLASS_DESCRIPTION });
          }}
        />
      </div>
      {playing && (
        <PlayerErrorBoundary
          // A ride together is a new player (its start decides where and when the class plays).
          key={`${playing.id}:${player.together ?? ''}`}
          onRetry={retry}
          onBack={player.close}
        >
          {playingSaved ? (
            offline ? (
              <offline.WithSavedCopy id={playing.id} fallback={<PlayerLoading />}>
                {playerOf}
              </offline.WithSavedCopy>
            ) : (
              <PlayerLoading />
            )
          ) : (
            playerOf(null)
          )}
        </PlayerErrorBoundary>
      )}
    </>
  );
}

function GymPageBody({ source }: { source: { slug: string } | { byHost: true } }) {
  const query = useGym(source);
  const [, navigate] = useLocation();
  const redirectTo = query.data && isGymRedirect(query.data) ? query.data.redirectTo : null;

  // An old slug: move to the gym's current one (the old link keeps working).
  useEffect(() => {
    if (redirectTo) navigate(gymPagePath(redirectTo), { replace: true });
  }, [redirectTo, navigate]);

  if (query.isLoading || redirectTo) return <GymSkeleton />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <GymNotFound failed={!missing} />;
  }
  if (!query.data || isGymRedirect(query.data)) return <GymNotFound failed={false} />;
  return <GymLoaded gym={query.data} />;
}

/** /gym/{gymSlug} (product.md §2), open to everyone. */
export function PublicGymPage() {
  const { gymSlug } = useParams<{ gymSlug: string }>();
  if (!gymSlug) return <GymNotFound failed={false} />;
  return <GymPageBody key={gymSlug} source={{ slug: gymSlug }} />;
}

/** Every path on a gym's custom domain (product.md §9): that gym's public page. */
export function PublicGymHostPage() {
  return <GymPageBody source={{ byHost: true }} />;
}
