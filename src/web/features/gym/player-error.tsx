import { Component, useEffect, useRef, type ReactNode } from 'react';
import { ArrowLeft, RotateCw, WifiOff } from 'lucide-react';

export const PLAYER_LOAD_FAILED =
  'This class could not be loaded. Check the connection and try again.';

/** The player's big buttons (white on the player's black), shared by its screens. */
export const playerScreenButton =
  'inline-flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-full px-6 text-lg font-semibold outline-none focus-visible:ring-4 focus-visible:ring-white/70';
export const playerScreenPrimary = `${playerScreenButton} bg-white text-black hover:bg-white/85`;
export const playerScreenSecondary = `${playerScreenButton} border border-white/40 text-white hover:bg-white/15`;

/**
 * The player's area when the class cannot be loaded (its code or its stream): what happened, Retry
 * and Back to classes, never a blank page. Part of the gym page's own script, so it shows even
 * when the player's chunk is what failed.
 */
export function PlayerLoadError({ onRetry, onBack }: { onRetry(): void; onBack(): void }) {
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => retryRef.current?.focus(), []);
  return (
    <div
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-6 bg-black/85 p-6 text-center text-white"
      role="alert"
      data-testid="player-error"
    >
      <WifiOff aria-hidden="true" className="size-12 text-neutral-300" />
      <p className="max-w-md text-xl font-semibold text-balance sm:text-2xl">
        {PLAYER_LOAD_FAILED}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button ref={retryRef} type="button" onClick={onRetry} className={playerScreenPrimary}>
          <RotateCw aria-hidden="true" className="size-5" />
          Retry
        </button>
        <button type="button" onClick={onBack} className={playerScreenSecondary}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to classes
        </button>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry(): void;
  onBack(): void;
}

/**
 * Around the lazily loaded player: a chunk that fails to load (a tablet left open across a deploy,
 * flaky wifi) or a player that breaks shows PlayerLoadError over the page, which stays behind it.
 * A class component: the one kind of error boundary React and preact/compat both run.
 */
export class PlayerErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        className="fixed inset-0 z-50 bg-black"
        role="dialog"
        aria-modal="true"
        aria-label="Class player"
      >
        <PlayerLoadError onRetry={this.retry} onBack={this.props.onBack} />
      </div>
    );
  }
}
