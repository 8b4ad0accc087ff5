import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  createWebhookBody,
  type CreateWebhookBody,
  type CreateWebhookValues,
  type CreatedWebhook,
  type WebhookEndpointDto,
} from '@shared/webhooks.contract';
import { FieldError, FormField, describedBy, fieldIds } from '@web/components/form-field';
import { FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/use-toast';
import { useCreateWebhook, useUpdateWebhook } from './api/webhooks';
import { showFailure } from './form-errors';

const FIELDS = ['url', 'description', 'events'] as const;

function formValues(endpoint: WebhookEndpointDto | null): CreateWebhookBody {
  return endpoint
    ? { url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events }
    : { url: '', description: '', events: [] };
}

/**
 * "Add endpoint" (`endpoint` null) or edit one: its URL, a description and the events it receives.
 * A new endpoint's signing secret goes to `onCreated`, to be shown once.
 */
export function WebhookFormDialog({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  endpoint: WebhookEndpointDto | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhook) => void;
}) {
  const id = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateWebhookBody, unknown, CreateWebhookValues>({
    resolver: zodResolver(createWebhookBody),
    defaultValues: formValues(endpoint),
  });

  // Each opening starts from the endpoint as saved (or an empty form to add one).
  useEffect(() => {
    if (open) reset(formValues(endpoint));
  }, [open, endpoint, reset]);

  const save = handleSubmit((values) => {
    const body = { ...values, description: values.description || null };
    const onError = (error: unknown) =>
      showFailure(error, FIELDS, setError, 'Unable to save the endpoint. Please try again.');
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: ({ message }) => {
            toast({ title: message });
            onClose();
          },
          onError,
        },
      );
    } else create.mutate(body, { onSuccess: onCreated, onError });
  });

  const eventsIds = fieldIds(`${id}-events`);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      className="sm:max-w-xl"
      title={endpoint ? 'Edit endpoint' : 'Add an endpoint'}
      description="Cadence posts the events you choose to this URL, signed with the endpoint’s secret."
      formLabel={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      onSubmit={save}
      formError={errors.root?.message}
      submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
    >
      <FormField id={`${id}-url`} label="URL" error={errors.url?.message}>
        {(aria) => (
          <Input
            {...aria}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks/cadence"
            maxLength={WEBHOOK_URL_MAX}
            className="font-mono"
            {...register('url')}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description"
        aside="Optional"
        error={errors.description?.message}
      >
        {(aria) => (
          <Input
            {...aria}
            autoComplete="off"
            placeholder="e.g. Booking site"
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            {...register('description')}
          />
        )}
      </FormField>
      <fieldset
        className="grid gap-3"
        aria-describedby={describedBy(errors.events && eventsIds.error)}
      >
        <legend className="mb-2 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => {
          const { label, detail } = WEBHOOK_EVENT_LABELS[type];
          const detailId = `${id}-${type}-detail`;
          return (
            <label
              key={type}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary/60 has-[:checked]:bg-primary/5"
            >
              <input
                type="checkbox"
                value={type}
                aria-describedby={detailId}
                className="mt-0.5 size-4 shrink-0 accent-primary"
                {...register('events')}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{label}</span>
                <span id={detailId} className="text-sm text-muted-foreground">
                  {detail}
                </span>
              </span>
            </label>
          );
        })}
        <FieldError id={eventsIds.error} message={errors.events?.message} />
      </fieldset>
    </FormDialog>
  );
}
