import { useEffect, useState, type ComponentType } from 'react';
import { Loader2, RotateCw } from 'lucide-react';
import type { ProgramViewProps } from '@web/components/gym/program-view';

/**
 * An open program's view is its own chunk (the page's script stays small for riders' tablets,
 * decision 0017): loaded when the page is idle if the gym has programs, or when one is opened.
 */
export const loadProgramView = () => import('@web/components/gym/program-view');

let loaded: ComponentType<ProgramViewProps> | null = null;

/** The program view once its chunk is in; a spinner meanwhile, Retry if it cannot be loaded. */
export function LazyProgramView(props: ProgramViewProps) {
  const [View, setView] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (View) return;
    let live = true;
    loadProgramView().then(
      (module) => {
        loaded = module.ProgramView;
        if (live) setView(() => module.ProgramView);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [View, attempt]);

  if (View) return <View {...props} />;
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className="flex flex-col items-center gap-4 py-16 text-center text-lg"
    >
      {failed ? (
        <>
          <p>This program could not be loaded. Check the connection and try again.</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
            className="inline-flex h-14 cursor-pointer items-center gap-2 rounded-lg bg-(--gym-primary) px-6 font-semibold text-(--gym-on-primary) outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <RotateCw aria-hidden="true" className="size-5" />
            Retry
          </button>
          <button type="button" onClick={props.onBack} className="cursor-pointer underline">
            All classes
          </button>
        </>
      ) : (
        <>
          <Loader2 aria-hidden="true" className="size-10 animate-spin motion-reduce:animate-none" />
          <span className="sr-only">Loading the program...</span>
        </>
      )}
    </div>
  );
}
