import type { MouseEvent } from 'react';
import type { VideoDto } from '@shared/videos.contract';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useDeleteVideo } from './api/delete-video';

/** Confirms, then deletes a video with its stored files (a real delete, where docs/product.md only logs). */
export function DeleteVideoDialog({
  video,
  onClose,
}: {
  video: VideoDto | null;
  onClose: () => void;
}) {
  const remove = useDeleteVideo();

  function confirm(event: MouseEvent) {
    event.preventDefault();
    if (!video) return;
    remove.mutate(video.id, {
      onSuccess: () => {
        toast({ title: 'Video deleted', description: `"${video.title}" has been deleted.` });
        onClose();
      },
      onError: (error) => {
        toast({
          title: 'Delete failed',
          description: failureMessage(error, 'Failed to delete the video. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <AlertDialog
      open={video !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this video?</AlertDialogTitle>
          <AlertDialogDescription>
            &ldquo;{video?.title}&rdquo; and its files will be deleted for good. Students will no
            longer see it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete video'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
