import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { planIncludes } from '@shared/plan-features';
import { ENHANCEMENT_LOCKS, isUnmetBackground, type VideoDto } from '@shared/videos.contract';
import { LockedNote } from '@web/components/locked-note';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/lib/session';
import { ChooseBackgroundDialog } from './choose-background-dialog';

/**
 * On an enhanced class that asked for a new background: why the background is what it is when the
 * request could not be honoured as written, and "Choose a background" to re-run with another one
 * (decision 0027). While a re-run is under way it says so, and that riders keep the current version.
 */
export function BackgroundRerun({ video }: { video: VideoDto }) {
  const [choosing, setChoosing] = useState(false);
  // The dialog's video is the one it opened with: a re-run started here shows at once.
  const [started, setStarted] = useState(false);
  const { user } = useCurrentUser();
  if (video.processingStatus !== 'enhanced' || !video.replaceBackground) return null;

  if (video.reenhancing || started) {
    return (
      <p
        className="flex gap-2 rounded-lg border bg-muted/30 p-3 text-sm"
        role="status"
        data-testid="background-rerun"
      >
        <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
        <span>
          Enhancing again with the background you chose
          {video.progress !== null ? ` (${video.progress}%)` : ''}. Riders keep playing the current
          version until the new one is ready.
        </span>
      </p>
    );
  }

  // A plan without Premium AI enhancement any more keeps the class as it is.
  if (!planIncludes(user?.plan, 'premiumEnhancement')) {
    return <LockedNote feature="premiumEnhancement" message={ENHANCEMENT_LOCKS.background} />;
  }
  const unmet = video.enhancementReport?.changes.some(isUnmetBackground) ?? false;
  return (
    <section className="space-y-2 rounded-lg border bg-muted/30 p-3" data-testid="background-rerun">
      <p className="text-sm">
        {unmet
          ? `Your request "${video.backgroundDescription}" did not match any built-in background, so the default was used. Pick the one you want and Cadence enhances the class again.`
          : 'Not the background you wanted? Pick another built-in background and Cadence enhances the class again.'}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={() => setChoosing(true)}>
        Choose a background
      </Button>
      <ChooseBackgroundDialog
        video={video}
        open={choosing}
        onClose={() => setChoosing(false)}
        onStarted={() => setStarted(true)}
      />
    </section>
  );
}
