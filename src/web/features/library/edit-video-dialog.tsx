import { useEffect, useId } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { updateVideoBody, VIDEO_DESCRIPTION_MAX, type VideoDto } from '@shared/videos.contract';
import { ClassDetailsFields } from '@web/components/class-details-fields';
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
import { failureMessage, fieldErrors } from '@web/lib/api';
import {
  classDetailsForm,
  classDetailsInput,
  EMPTY_CLASS_DETAILS,
} from '@web/lib/class-details-form';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useUpdateVideo } from './api/update-video';
import { AudioCompare } from './audio-compare';
import { BackgroundRerun } from './background-rerun';
import { BeforeAfter } from './before-after';
import { EnhancementChanges } from './enhancement-changes';
import { RideTrackSummary } from './ride-track-summary';

/** The dialog's form: the title, the description and the class details (classDetailsForm). */
const editVideoForm = z.object({
  title: updateVideoBody.shape.title,
  description: updateVideoBody.shape.description,
  details: classDetailsForm,
});
type EditVideoInput = z.input<typeof editVideoForm>;
type EditVideoOutput = z.output<typeof editVideoForm>;

/**
 * Edit a video's title, description (a real save, where docs/product.md only logs) and class
 * details: instructor, difficulty, type, equipment notes and music (issue #20).
 */
export function EditVideoDialog({
  video,
  onClose,
}: {
  video: VideoDto | null;
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateVideo();
  const form = useForm<EditVideoInput, unknown, EditVideoOutput>({
    resolver: zodResolver(editVideoForm),
    defaultValues: { title: '', description: '', details: EMPTY_CLASS_DETAILS },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = form;

  useEffect(() => {
    if (video) {
      reset({
        title: video.title,
        description: video.description ?? '',
        details: classDetailsInput(video),
      });
    }
  }, [video, reset]);

  const descriptionLength = (watch('description') ?? '').length;

  function onSubmit(values: EditVideoOutput) {
    if (!video) return;
    const title = values.title ?? video.title;
    update.mutate(
      { id: video.id, title, description: values.description ?? null, ...values.details },
      {
        onSuccess: () => {
          toast({ title: 'Video updated', description: `"${title}" has been saved.` });
          onClose();
        },
        onError: (error) => {
          // A detail the server refused (an instructor removed meanwhile) is said under its field.
          const problems = fieldErrors(error);
          for (const { field, message } of problems) {
            const name = (
              field === 'title' || field === 'description' ? field : `details.${field}`
            ) as FieldPath<EditVideoInput>;
            setError(name, { message }, { shouldFocus: true });
          }
          if (problems.length > 0) return;
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
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit video</DialogTitle>
          <DialogDescription>
            Riders see the title, description and class details on your public page.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
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
            <section aria-labelledby={`${id}-details`} className="grid gap-4 border-t pt-4">
              <h3 id={`${id}-details`} className="font-semibold">
                Class details
              </h3>
              <ClassDetailsFields />
            </section>
            {video && <RideTrackSummary videoId={video.id} />}
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
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
