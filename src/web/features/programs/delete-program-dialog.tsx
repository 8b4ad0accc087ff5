import type { ProgramDto } from '@shared/programs.contract';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useDeleteProgram } from './api/programs';

/** Confirms, then deletes a program: its classes stay in the library and on the public page. */
export function DeleteProgramDialog({
  program,
  onClose,
  onDeleted,
}: {
  program: ProgramDto | null;
  onClose: () => void;
  /** Where focus goes once the program (and the button that opened this) is gone. */
  onDeleted: () => void;
}) {
  const remove = useDeleteProgram();

  return (
    <ConfirmDialog
      open={program !== null}
      title={`Delete ${program?.title ?? ''}?`}
      description={
        <p>
          Riders no longer see it on your page, and tablets forget where they were in it. Its
          classes stay in your library and on your page.
        </p>
      }
      action="Delete program"
      pendingAction="Deleting..."
      pending={remove.isPending}
      onConfirm={(done) => {
        if (!program) return;
        remove.mutate(program.id, {
          onSuccess: ({ message }) => {
            toast({ title: message });
            done();
          },
          onError: (error) =>
            toast({
              title: 'Program not deleted',
              description: failureMessage(error, 'Unable to delete the program. Please try again.'),
              variant: 'destructive',
            }),
        });
      }}
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}
