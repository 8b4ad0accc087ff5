import { useRef, type MouseEvent, type ReactNode } from 'react';
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

/**
 * Confirms a destructive step (revoke a key, delete an endpoint or a location) that names what it
 * acts on. While
 * it runs the dialog stays; once done, focus goes to `onDone`'s choice, since the button that
 * opened it may be gone.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  action,
  pendingAction,
  pending,
  onConfirm,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  action: string;
  pendingAction: string;
  pending: boolean;
  /** Runs the step; calls `done` when it succeeded (the dialog then closes). */
  onConfirm: (done: () => void) => void;
  onClose: () => void;
  onDone: () => void;
}) {
  const finished = useRef(false);

  function confirm(event: MouseEvent) {
    event.preventDefault();
    onConfirm(() => {
      finished.current = true;
      onClose();
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!finished.current) return;
          finished.current = false;
          event.preventDefault();
          onDone();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={pending}>
            {pending ? pendingAction : action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
