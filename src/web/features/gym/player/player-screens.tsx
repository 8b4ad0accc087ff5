import { useEffect, useRef } from 'react';
import { ArrowLeft, Flag, Play, RotateCcw } from 'lucide-react';
import { playerScreenPrimary, playerScreenSecondary } from '../player-error';
import { formatClock } from '@shared/format';

const screen =
  'absolute inset-0 z-10 flex flex-col items-center justify-center gap-6 bg-black/75 p-6 text-center text-white';

/** The first button of a screen takes the keyboard focus as the screen shows. */
function useFocusFirst() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** On a return to a class in progress: resume where this tablet stopped, or start over. */
export function ResumePrompt({
  position,
  onResume,
  onStartOver,
}: {
  position: number;
  onResume(): void;
  onStartOver(): void;
}) {
  const first = useFocusFirst();
  return (
    <div className={screen} data-testid="resume-prompt">
      <div className="flex flex-wrap justify-center gap-3">
        <button ref={first} type="button" onClick={onResume} className={playerScreenPrimary}>
          <Play aria-hidden="true" className="size-5 fill-current" />
          Resume at {formatClock(position)}
        </button>
        <button type="button" onClick={onStartOver} className={playerScreenSecondary}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Start over
        </button>
      </div>
    </div>
  );
}

/** At the end of a class: the time ridden, then the next class or back to the list. */
export function ClassComplete({
  riddenSeconds,
  next,
  onNext,
  onBack,
}: {
  riddenSeconds: number;
  next: { id: string; title: string } | null;
  onNext(classId: string): void;
  onBack(): void;
}) {
  const first = useFocusFirst();
  return (
    <div className={screen} data-testid="class-complete">
      <Flag aria-hidden="true" className="size-12 text-(--gym-primary)" />
      <h2 className="text-3xl font-extrabold sm:text-5xl">Class complete</h2>
      <p className="flex flex-col">
        <span className="text-sm font-semibold tracking-wide text-neutral-300 uppercase">
          Time ridden
        </span>
        <span className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="time-ridden">
          {formatClock(riddenSeconds)}
        </span>
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {next && (
          <button
            ref={first}
            type="button"
            onClick={() => onNext(next.id)}
            className={playerScreenPrimary}
          >
            <Play aria-hidden="true" className="size-5 fill-current" />
            Start next class<span className="sr-only">: {next.title}</span>
          </button>
        )}
        <button
          ref={next ? undefined : first}
          type="button"
          onClick={onBack}
          className={next ? playerScreenSecondary : playerScreenPrimary}
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to classes
        </button>
      </div>
      {next && <p className="max-w-md truncate text-neutral-300">Next: {next.title}</p>}
    </div>
  );
}
