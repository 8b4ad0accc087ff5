import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  VIDEO_DESCRIPTION_MAX,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX,
  type VideoDto,
} from '@shared/videos.contract';
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
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useUpdateVideo } from './api/update-video';

/** The edit form, with the limits the server holds (src/shared/videos.contract.ts). */
const editVideoForm = z.object({
  title: z
    .string()
    .trim()
    .min(1, VIDEO_MESSAGES.titleRequired)
    .max(VIDEO_TITLE_MAX, `Title must be under ${VIDEO_TITLE_MAX} characters`),
  description: z
    .string()
    .max(VIDEO_DESCRIPTION_MAX, `Description must be under ${VIDEO_DESCRIPTION_MAX} characters`),
});
type EditVideoForm = z.infer<typeof editVideoForm>;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
      {message}
    </p>
  );
}

/** Edit a video's title and description (a real save, where the spec only logs). */
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
  } = useForm<EditVideoForm>({
    resolver: zodResolver(editVideoForm),
    defaultValues: { title: '', description: '' },
  });

  useEffect(() => {
    if (video) reset({ title: video.title, description: video.description ?? '' });
  }, [video, reset]);

  const descriptionLength = (watch('description') ?? '').length;

  function onSubmit(values: EditVideoForm) {
    if (!video) return;
    update.mutate(
      { id: video.id, title: values.title, description: values.description.trim() || null },
      {
        onSuccess: () => {
          toast({ title: 'Video updated', description: `"${values.title}" has been saved.` });
          onClose();
        },
        onError: (error) => {
          toast({
            title: 'Update failed',
            description:
              (error instanceof ApiError && error.serverMessage) ||
              'Failed to update the video. Please try again.',
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
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${id}-title-error` : undefined}
              {...register('title')}
            />
            <FieldError id={`${id}-title-error`} message={errors.title?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>Description (optional)</Label>
            <Textarea
              id={`${id}-description`}
              rows={4}
              className="max-h-60"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={cn(
                `${id}-description-count`,
                errors.description && `${id}-description-error`,
              )}
              {...register('description')}
            />
            <p
              id={`${id}-description-count`}
              className={cn(
                'text-right text-xs text-muted-foreground tabular-nums',
                descriptionLength > VIDEO_DESCRIPTION_MAX && 'text-destructive dark:text-red-300',
              )}
            >
              {descriptionLength}/{VIDEO_DESCRIPTION_MAX}
            </p>
            <FieldError id={`${id}-description-error`} message={errors.description?.message} />
          </div>
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
