/**
 * 'Save for offline' on the gym page (issue #21 part 2, decision 0048): a class card's save,
 * progress, Saved badge and Remove; the "Saved on this tablet" section with the space used and
 * left and the notes of an online visit; and the saved copy a class plays from. A lazy chunk:
 * the page loads it when idle, where the browser can save (saved-ids.ts).
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
// Icons of its own (not the player's): a shared icon would make a chunk the page loads at open.
import { CheckCircle2, CloudOff, Download, HardDrive, Trash2, X } from 'lucide-react';
import { formatSize } from '@shared/format';
import { GYM_BY_HOST_PATH, gymApiPath, type PublicGymVideo } from '@shared/gyms.contract';
import { isCustomDomainPage } from '@web/lib/custom-domain';
import { cn } from '@web/lib/utils';
import { useOnline } from '../offline-note';
import type { LocalCopy } from '../player/class-player';
import {
  cancelSave,
  clearFailure,
  dismissNotes,
  refreshAtOnlineVisit,
  removeClass,
  saveClass,
  savedClasses,
  savedCopy,
  savedNotes,
  saveStates,
  storageSpace,
  subscribe,
  type StorageSpace,
} from './saved-classes';

const useEntries = () => useSyncExternalStore(subscribe, savedClasses);
const useStates = () => useSyncExternalStore(subscribe, saveStates);
const useNotes = () => useSyncExternalStore(subscribe, savedNotes);

/** Over the card's stretched Start Class (its tap area covers the card): ≥ 48 px targets. */
const action =
  'relative z-10 inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border bg-background px-4 text-base font-semibold text-foreground shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring';

const percent = (loaded: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;

/** The card's part: Save for offline, the progress and Cancel, or Saved and Remove. */
export function ClassSaveControl({ video, gym }: { video: PublicGymVideo; gym: string }) {
  const entry = useEntries().find((e) => e.id === video.id);
  const state = useStates().get(video.id);
  const online = useOnline();
  const title = <span className="sr-only">: {video.title}</span>;
  const save = () => void saveClass(video, { gym }).catch(() => undefined);

  if (state && state.phase !== 'failed') {
    const done = percent(state.loaded, state.total);
    return (
      <div className="relative z-10 space-y-2" data-testid="save-progress">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base">
          {state.phase === 'waiting' ? (
            <CloudOff aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <Download
              aria-hidden="true"
              className="size-5 shrink-0 animate-pulse motion-reduce:animate-none"
            />
          )}
          <span className="font-semibold" data-testid="save-percent">
            {state.phase === 'queued'
              ? 'Waiting to save'
              : state.phase === 'waiting'
                ? `Waiting for the connection · ${done}%`
                : `Saving · ${done}%`}
          </span>
          <span className="text-muted-foreground tabular-nums" data-testid="save-bytes">
            {formatSize(state.loaded)} of {formatSize(state.total)}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Saving ${video.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={done}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-(--gym-primary)" style={{ width: `${done}%` }} />
          </div>
          <button type="button" className={action} onClick={() => void cancelSave(video.id)}>
            <X aria-hidden="true" className="size-5" />
            Cancel{title}
          </button>
        </div>
      </div>
    );
  }

  if (state?.phase === 'failed') {
    return (
      <div className="relative z-10 space-y-2" data-testid="save-failed">
        <p role="alert" className="text-base font-medium text-destructive-text">
          {state.message}
        </p>
        <div className="flex flex-wrap gap-2">
          {video.offline && online && (
            <button type="button" className={action} onClick={save}>
              Try again{title}
            </button>
          )}
          <button
            type="button"
            className={action}
            onClick={() => (entry?.file ? clearFailure(video.id) : void removeClass(video.id))}
          >
            Dismiss{title}
          </button>
        </div>
      </div>
    );
  }

  if (entry?.file) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span
          className="inline-flex items-center gap-1.5 rounded-md border border-green-300 bg-green-100 px-2 py-1 text-base font-semibold text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-200"
          data-testid="saved-badge"
        >
          <CheckCircle2 aria-hidden="true" className="size-5" />
          Saved
        </span>
        <span className="text-base text-muted-foreground">
          Plays offline · {formatSize(entry.file.bytes)}
        </span>
        <button
          type="button"
          className={cn(action, 'ml-auto')}
          onClick={() => void removeClass(video.id)}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Remove{title}
        </button>
      </div>
    );
  }

  if (!online) {
    return (
      <p
        className="flex items-center gap-2 text-base text-muted-foreground"
        data-testid="needs-connection"
      >
        <CloudOff aria-hidden="true" className="size-5 shrink-0" />
        Not saved: plays once the connection is back
      </p>
    );
  }
  if (!video.offline) return null;
  return (
    <button type="button" className={cn(action, 'w-full')} onClick={save}>
      <Download aria-hidden="true" className="size-5" />
      {entry?.pending ? 'Resume saving' : 'Save for offline'}
      <span className="font-normal text-muted-foreground">· {formatSize(video.offline.bytes)}</span>
      {title}
    </button>
  );
}

/** The estimate, read again whenever the saved classes change. */
function useStorageSpace(): StorageSpace | null {
  const entries = useEntries();
  const states = useStates();
  const settled = [...states.values()].every((s) => s.phase === 'failed');
  const [space, setSpace] = useState<StorageSpace | null>(null);
  useEffect(() => {
    // Read once the saves settle (the estimate lags writes); the list changing reads it again.
    if (!settled) return;
    let live = true;
    void storageSpace().then(
      (s) => live && setSpace(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [entries, settled]);
  return space;
}

/**
 * "Saved on this tablet": the gym's saved classes with Remove, the space they use and the space
 * left, and what the last online visit removed. Also runs that visit's refresh (once, online).
 */
export function SavedSection({ gym }: { gym: string }) {
  const entries = useEntries().filter((e) => e.gym === gym);
  const notes = useNotes();
  const space = useStorageSpace();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    void refreshAtOnlineVisit(gym, isCustomDomainPage() ? GYM_BY_HOST_PATH : gymApiPath(gym));
  }, [gym, online]);

  const saved = entries.filter((e) => e.file);
  if (saved.length === 0 && notes.length === 0) return null;
  return (
    <section
      aria-labelledby="saved-classes-heading"
      className="space-y-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm @2xl:p-5"
      data-testid="saved-section"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2
          id="saved-classes-heading"
          className="mr-auto flex items-center gap-2 text-xl font-bold tracking-tight [font-family:var(--gym-display,inherit)] @2xl:text-2xl"
        >
          <HardDrive aria-hidden="true" className="size-6" />
          Saved on this tablet
        </h2>
        {space && (
          <p className="text-base text-muted-foreground" data-testid="saved-space">
            {formatSize(space.saved)} used by saved classes
            {space.free !== null && ` · ${formatSize(space.free)} left`}
          </p>
        )}
      </div>
      {notes.length > 0 && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-dashed bg-muted px-4 py-3"
          data-testid="saved-notes"
        >
          <ul className="flex-1 space-y-1 text-base">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={dismissNotes}
            className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
            aria-label="Dismiss"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
      {saved.length > 0 && (
        <ul className="divide-y">
          {saved.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 py-2" data-testid="saved-class">
              <CheckCircle2
                aria-hidden="true"
                className="size-5 shrink-0 text-green-700 dark:text-green-400"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-lg font-semibold">{entry.title}</span>
                <span className="text-base text-muted-foreground">
                  {entry.duration} · {formatSize(entry.file!.bytes)}
                  {entry.pending && ' · updating'}
                </span>
              </span>
              <button type="button" className={action} onClick={() => void removeClass(entry.id)}>
                <Trash2 aria-hidden="true" className="size-5" />
                Remove<span className="sr-only">: {entry.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The saved copy a class plays from: object URLs of its file and poster (revoked when the player
 * closes) and its ride track. `children` gets null when the class is not saved whole any more
 * (the player then plays it from the network).
 */
export function WithSavedCopy({
  id,
  fallback,
  children,
}: {
  id: string;
  fallback: ReactNode;
  children(copy: LocalCopy | null): ReactNode;
}) {
  const [copy, setCopy] = useState<LocalCopy | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    savedCopy(id).then(
      (saved) => {
        if (!live) return;
        if (!saved) return setCopy(null);
        const mp4Url = URL.createObjectURL(saved.video);
        urls.push(mp4Url);
        const posterUrl = saved.poster ? URL.createObjectURL(saved.poster) : null;
        if (posterUrl) urls.push(posterUrl);
        setCopy({ mp4Url, posterUrl, rideTrack: saved.rideTrack });
      },
      () => live && setCopy(null),
    );
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [id]);
  return copy === undefined ? fallback : children(copy);
}
