import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_SCOPE_LABELS,
  createApiKeyBody,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@shared/api-keys.contract';
import { FormField } from '@web/components/form-field';
import { FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { useCreateApiKey } from './api/api-keys';
import { showFailure } from './form-errors';

const EMPTY: CreateApiKeyBody = { name: '', scope: 'read' };

/** "Create key": a name and a scope; the new key's secret goes to `onCreated`, to be shown once. */
export function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const id = useId();
  const create = useCreateApiKey();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateApiKeyBody>({ resolver: zodResolver(createApiKeyBody), defaultValues: EMPTY });

  const { reset: resetCreate } = create;

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    resetCreate();
  }, [open, reset, resetCreate]);

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) =>
        showFailure(
          error,
          ['name', 'scope'],
          setError,
          'Unable to create the key. Please try again.',
        ),
    }),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={create.isPending}
      title="Create an API key"
      description="Your booking software or your own site uses it to reach your classes."
      formLabel="Create API key"
      onSubmit={onSubmit}
      formError={errors.root?.message}
      submitLabel="Create key"
      pendingLabel="Creating..."
    >
      <FormField
        id={`${id}-name`}
        label="Name"
        description="Where the key is used, so you can tell it apart later."
        error={errors.name?.message}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            placeholder="e.g. Booking site"
            maxLength={API_KEY_NAME_MAX}
            {...register('name')}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="scope"
        render={({ field }) => (
          <FormField id={`${id}-scope`} label="Access" error={errors.scope?.message}>
            {(aria) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {API_KEY_SCOPES.map((scope) => (
                    <SelectItem key={scope} value={scope}>
                      {API_KEY_SCOPE_LABELS[scope]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      />
    </FormDialog>
  );
}
