import { useState } from 'react';
import type { BuiltInBackgroundId } from '@shared/backgrounds.contract';
import type { VideoDto } from '@shared/videos.contract';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useBackgrounds, useReenhance } from './api/backgrounds';

/**
 * "Choose a background" (issue #15 part 2): the built-in backgrounds with their previews; the one
 * picked re-runs enhancement from the original upload while riders keep the current version.
 */
export function ChooseBackgroundDialog({
  video,
  open,
  onClose,
  onStarted,
}: {
  video: VideoDto;
  open: boolean;
  onClose: () => void;
  onStarted: () => void;
}) {
  const list = useBackgrounds(open);
  const reenhance = useReenhance();
  const [picked, setPicked] = useState<BuiltInBackgroundId | null>(null);

  function confirm() {
    if (!picked) return;
    reenhance.mutate(
      { id: video.id, backgroundId: picked },
      {
        onSuccess: () => {
          toast({
            title: 'Enhancing again',
            description: `"${video.title}" keeps playing as it is until the new version is ready.`,
          });
          onStarted();
          onClose();
        },
        onError: (error) => {
          toast({
            title: 'Could not enhance again',
            description: failureMessage(error, 'Something went wrong. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !reenhance.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="choose-background-dialog">
        <DialogHeader>
          <DialogTitle>Choose a background</DialogTitle>
          <DialogDescription>
            Cadence enhances this class again from your original upload with the background you
            pick. Riders keep playing the current version until the new one is ready, usually in
            minutes.
          </DialogDescription>
        </DialogHeader>
        {list.isPending && <p className="text-sm text-muted-foreground">Loading backgrounds…</p>}
        {list.isError && (
          <p className="text-sm text-destructive-text">
            The backgrounds could not be loaded.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </p>
        )}
        {list.data && (
          <fieldset className="max-h-[55vh] overflow-y-auto">
            <legend className="sr-only">Built-in backgrounds</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {list.data.backgrounds.map((b) => (
                <label
                  key={b.id}
                  className={cn(
                    'cursor-pointer overflow-hidden rounded-lg border-2 border-transparent bg-muted/30 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    picked === b.id ? 'border-primary' : 'hover:border-muted-foreground/40',
                  )}
                  data-testid="background-option"
                >
                  <input
                    type="radio"
                    name="background"
                    value={b.id}
                    className="sr-only"
                    checked={picked === b.id}
                    onChange={() => setPicked(b.id)}
                  />
                  <img
                    src={b.previewUrl}
                    alt=""
                    className="aspect-video w-full bg-muted object-cover"
                  />
                  <span className="block px-2 py-1.5 text-sm font-medium">
                    {b.label}
                    {video.backgroundId === b.id && (
                      <span className="ml-1 text-xs font-normal text-muted-foreground">
                        (current)
                      </span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={reenhance.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!picked || reenhance.isPending}>
            {reenhance.isPending ? 'Starting…' : 'Enhance again'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
