import { useSyncExternalStore } from 'react';
import { useSavedIds } from './offline/saved-ids';

const subscribe = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};
const isOnline = () => navigator.onLine;

/** Whether the browser says it has a connection, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Says so when the tablet has no connection (issue #21 part 1): the page then shows the classes
 * its service worker kept from the last visit, and the classes saved on this tablet play (part 2).
 * The live region is always there, so the change is read out; it takes no room while online.
 */
export function OfflineNote() {
  const online = useOnline();
  const saved = useSavedIds().size > 0;
  return (
    <div role="status" data-testid="offline-note">
      {!online && (
        <p className="border-b bg-muted px-4 py-3 text-center text-base text-foreground">
          <strong className="font-semibold">You're offline.</strong>{' '}
          {saved
            ? 'Your saved classes play; the others play once the connection is back.'
            : 'These are the classes from your last visit; they play once the connection is back.'}
        </p>
      )}
    </div>
  );
}
