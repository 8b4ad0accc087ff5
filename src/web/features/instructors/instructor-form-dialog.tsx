import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { INSTRUCTOR_NAME_MAX } from '@shared/class-details';
import {
  instructorBody,
  type InstructorBody,
  type InstructorDto,
} from '@shared/class-details.contract';
import { FormField } from '@web/components/form-field';
import { FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { ApiError, failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useAddInstructor, useRenameInstructor } from './api/instructors';

/** Adds an instructor (`instructor` null) or renames one: every class of theirs shows the new name. */
export function InstructorFormDialog({
  open,
  instructor,
  onClose,
}: {
  open: boolean;
  instructor: InstructorDto | null;
  onClose: () => void;
}) {
  const id = useId();
  const add = useAddInstructor();
  const rename = useRenameInstructor();
  const pending = add.isPending || rename.isPending;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InstructorBody>({
    resolver: zodResolver(instructorBody),
    defaultValues: { name: '' },
  });

  useEffect(() => {
    if (open) reset({ name: instructor?.name ?? '' });
  }, [open, instructor, reset]);

  const save = handleSubmit(({ name }) => {
    const onSuccess = ({ message }: { message: string }) => {
      toast({ title: message, description: name });
      onClose();
    };
    const onError = (error: unknown) => {
      const message = failureMessage(error, 'Unable to save the instructor. Please try again.');
      // A name already listed belongs under the field; the roster's limit is said for the form.
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        setError('name', { message }, { shouldFocus: true });
      } else setError('root', { message });
    };
    if (instructor) rename.mutate({ id: instructor.id, name }, { onSuccess, onError });
    else add.mutate(name, { onSuccess, onError });
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      className="sm:max-w-md"
      title={instructor ? `Rename ${instructor.name}` : 'Add an instructor'}
      description={
        instructor
          ? 'Every class of theirs shows the new name on your public page.'
          : 'Riders see who leads each class on your public page.'
      }
      formLabel={instructor ? 'Rename instructor' : 'Add instructor'}
      onSubmit={save}
      formError={errors.root?.message}
      submitLabel={instructor ? 'Save name' : 'Add instructor'}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(aria) => (
          <Input
            {...aria}
            autoComplete="off"
            placeholder="e.g. Maya Torres"
            maxLength={INSTRUCTOR_NAME_MAX}
            {...register('name')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
