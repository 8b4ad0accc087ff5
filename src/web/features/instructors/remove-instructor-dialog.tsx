import type { InstructorDto } from '@shared/class-details.contract';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useRemoveInstructor } from './api/instructors';

/** Confirms, then removes an instructor: their classes stay, without an instructor. */
export function RemoveInstructorDialog({
  instructor,
  onClose,
  onRemoved,
}: {
  instructor: InstructorDto | null;
  onClose: () => void;
  /** Where focus goes once the instructor (and the button that opened this) is gone. */
  onRemoved: () => void;
}) {
  const remove = useRemoveInstructor();
  const classes = instructor?.classCount ?? 0;

  return (
    <ConfirmDialog
      open={instructor !== null}
      title={`Remove ${instructor?.name ?? ''}?`}
      description={
        <p>
          {classes === 0
            ? 'No class names them.'
            : `Their ${classes === 1 ? 'class stays' : `${classes} classes stay`} on your page, without an instructor.`}{' '}
          Their photo is deleted.
        </p>
      }
      action="Remove instructor"
      pendingAction="Removing..."
      pending={remove.isPending}
      onConfirm={(done) => {
        if (!instructor) return;
        remove.mutate(instructor.id, {
          onSuccess: ({ message }) => {
            toast({ title: message });
            done();
          },
          onError: (error) =>
            toast({
              title: 'Instructor not removed',
              description: failureMessage(
                error,
                'Unable to remove the instructor. Please try again.',
              ),
              variant: 'destructive',
            }),
        });
      }}
      onClose={onClose}
      onDone={onRemoved}
    />
  );
}
