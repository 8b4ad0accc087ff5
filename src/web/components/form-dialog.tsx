import { useId, type FormEvent, type ReactNode } from 'react';
import { FieldError } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

/**
 * A dialog around one form (add or edit a thing): its title and description, the fields, the
 * form's own error (what belongs under no field), Cancel and the submit button. It cannot be closed
 * while the form is being saved.
 */
export function FormDialog({
  open,
  onClose,
  pending,
  title,
  description,
  formLabel,
  onSubmit,
  formError,
  submitLabel,
  pendingLabel = 'Saving...',
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  formError: string | null | undefined;
  submitLabel: string;
  pendingLabel?: string;
  /** The content's width (e.g. sm:max-w-xl). */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          aria-label={formLabel}
          onSubmit={(event) => void onSubmit(event)}
        >
          {children}
          <FieldError id={`${id}-form-error`} message={formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
