import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { updateVideoBody, VIDEO_DESCRIPTION_MAX, type VideoDto } from '@shared/videos.contract';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useUpdateVideo } from './api/update-video';
import { AudioCompare } from './audio-compare';
import { BackgroundRerun } from './background-rerun';
import { BeforeAfter } from './before-after';
import { EnhancementChanges } from './enhancement-changes';

type EditVideoInput = z.input<typeof updateVideoBody>;
type EditVideoOutput = z.output<typeof updateVideoBody>;

/** Edit a video's title and description (a real save, where docs/product.md only logs). */
export function EditVideoDialog({
  video,
  onClose,
}: {
  video: VideoDto | null;
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateVideo();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<EditVideoInput, unknown, EditVideoOutput>({
    resolver: zodResolver(updateVideoBody),
    defaultValues: { title: '', description: '' },
  });

  useEffect(() => {
    if (video) reset({ title: video.title, description: video.description ?? '' });
  }, [video, reset]);

  const descriptionLength = (watch('description') ?? '').length;

  function onSubmit(values: EditVideoOutput) {
    if (!video) return;
    const title = values.title ?? video.title;
    update.mutate(
      { id: video.id, title, description: values.description ?? null },
      {
        onSuccess: () => {
          toast({ title: 'Video updated', description: `"${title}" has been saved.` });
          onClose();
        },
        onError: (error) => {
          toast({
            title: 'Update failed',
            description: failureMessage(error, 'Failed to update the video. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit video</DialogTitle>
          <DialogDescription>
            Students see the title and description on your public page.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
            {(control) => <Input {...control} {...register('title')} />}
          </FormField>
          <FormField
            id={`${id}-description`}
            label="Description (optional)"
            error={errors.description?.message}
            describedBy={`${id}-description-count`}
          >
            {(control) => (
              <Textarea {...control} rows={4} className="max-h-60" {...register('description')} />
            )}
          </FormField>
          <p
            id={`${id}-description-count`}
            className={cn(
              '-mt-2 text-right text-xs text-muted-foreground tabular-nums',
              descriptionLength > VIDEO_DESCRIPTION_MAX && 'text-destructive-text',
            )}
          >
            {descriptionLength}/{VIDEO_DESCRIPTION_MAX}
          </p>
          {video?.beforeUrl && video.posterUrl && (
            <BeforeAfter before={video.beforeUrl} after={video.posterUrl} />
          )}
          {video?.enhancementReport && (
            <AudioCompare report={video.enhancementReport} clips={video.audioClips} />
          )}
          {video?.enhancementReport && <EnhancementChanges report={video.enhancementReport} />}
          {video && <BackgroundRerun video={video} />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
