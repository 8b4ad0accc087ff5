import { useRef, type MouseEvent } from 'react';
import type { InstructorDto } from '@shared/class-details.contract';
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
  const removed = useRef(false);

  function confirm(event: MouseEvent) {
    event.preventDefault();
    if (!instructor) return;
    remove.mutate(instructor.id, {
      onSuccess: ({ message }) => {
        removed.current = true;
        toast({ title: message });
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Instructor not removed',
          description: failureMessage(error, 'Unable to remove the instructor. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  const classes = instructor?.classCount ?? 0;
  return (
    <AlertDialog
      open={instructor !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
    >
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          onRemoved();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {instructor?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {classes === 0
              ? 'No class names them.'
              : `Their ${classes === 1 ? 'class stays' : `${classes} classes stay`} on your page, without an instructor.`}{' '}
            Their photo is deleted.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove instructor'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
