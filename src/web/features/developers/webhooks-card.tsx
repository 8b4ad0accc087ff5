import { useRef, useState } from 'react';
import { AlertTriangle, Pencil, Plus, Send, Trash2, Webhook } from 'lucide-react';
import {
  WEBHOOK_MESSAGES,
  type WebhookEndpointDto,
  type WebhooksView,
} from '@shared/webhooks.contract';
import { LockedNote } from '@web/components/locked-note';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook } from './api/webhooks';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DeliveryLog } from './delivery-log';
import { eventLabel, testOutcome } from './format';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';

type Editing = { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpointDto } | null;

/**
 * Settings > API, Webhooks (issue #19 part 4): endpoints with the events they receive, the signing
 * secret shown once, a switch, a test event and the delivery log. Off Elite Studio the lock; the
 * endpoints stay listed (receiving nothing) and can be deleted.
 */
export function WebhooksCard({ view }: { view: WebhooksView }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointDto | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const remove = useDeleteWebhook();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Webhook aria-hidden="true" className="size-5 text-primary" />
          <h2>Webhooks</h2>
        </CardTitle>
        <CardDescription>
          Cadence tells your systems when a class is ready, fails or is deleted, and sends a daily
          summary. Every delivery is signed and retried for about a day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!view.allowed && <LockedNote feature="apiAccess" message={WEBHOOK_MESSAGES.locked} />}
        {view.allowed && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {view.endpoints.length} of {view.limit} endpoints
            </p>
            {view.endpoints.length < view.limit ? (
              <Button ref={addButton} onClick={() => setEditing({ mode: 'add' })}>
                <Plus aria-hidden="true" />
                Add endpoint
              </Button>
            ) : (
              <p className="text-sm">{WEBHOOK_MESSAGES.limit}</p>
            )}
          </div>
        )}
        {view.endpoints.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No endpoints yet. Add the URL of a receiver to start getting events.
          </p>
        ) : (
          <ul
            ref={list}
            tabIndex={-1}
            aria-label="Your webhook endpoints"
            className="grid gap-4 outline-none"
          >
            {view.endpoints.map((endpoint) => (
              <li key={endpoint.id} className="min-w-0">
                <EndpointItem
                  endpoint={endpoint}
                  allowed={view.allowed}
                  onEdit={() => setEditing({ mode: 'edit', endpoint })}
                  onDelete={() => setDeleting(endpoint)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {view.allowed && (
        <WebhookFormDialog
          open={editing !== null}
          endpoint={editing?.mode === 'edit' ? editing.endpoint : null}
          onClose={() => setEditing(null)}
          onCreated={({ message, secret }) => {
            setEditing(null);
            setShown({ title: 'Endpoint added', message, label: 'Signing secret', secret });
          }}
        />
      )}
      <SecretDialog
        shown={shown}
        onDone={() => setShown(null)}
        returnFocusTo={() => addButton.current ?? list.current}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        description={
          <>
            <span className="font-mono break-all">{deleting?.url}</span> stops receiving events, and
            its delivery log is deleted. This cannot be undone.
          </>
        }
        action="Delete endpoint"
        pendingAction="Deleting..."
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onDone={() => (addButton.current ?? list.current)?.focus()}
        onConfirm={(done) => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              toast({ title: message });
              done();
            },
            onError: (error) =>
              toast({
                title: 'Endpoint not deleted',
                description: failureMessage(
                  error,
                  'Unable to delete the endpoint. Please try again.',
                ),
                variant: 'destructive',
              }),
          });
        }}
      />
    </Card>
  );
}

function EndpointItem({
  endpoint,
  allowed,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpointDto;
  allowed: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const logId = `webhook-log-${endpoint.id}`;
  const switchId = `webhook-enabled-${endpoint.id}`;
  const byOwner = endpoint.disabledReason === WEBHOOK_MESSAGES.disabledByOwner;

  function setEnabled(enabled: boolean) {
    update.mutate(
      { id: endpoint.id, body: { enabled } },
      {
        onSuccess: ({ message }) => toast({ title: message }),
        onError: (error) =>
          toast({
            title: 'Endpoint not changed',
            description: failureMessage(error, 'Unable to change the endpoint. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  function sendTest() {
    test.mutate(endpoint.id, {
      onSuccess: ({ message, delivery }) => {
        setShowLog(true);
        toast({
          title: message,
          description: testOutcome(delivery),
          variant: delivery.status === 'succeeded' ? 'default' : 'destructive',
        });
      },
      onError: (error) =>
        toast({
          title: 'Test event not sent',
          description: failureMessage(error, 'Unable to send the test event. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <article
      className="grid gap-3 rounded-lg border p-4"
      aria-label={endpoint.description ?? endpoint.url}
      data-testid="webhook-endpoint"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-mono text-sm font-medium break-all">{endpoint.url}</h3>
            {!endpoint.enabled && (
              <Badge variant="outline" className="border-warning/60 bg-warning/10 text-foreground">
                {byOwner ? WEBHOOK_MESSAGES.disabledByOwner : 'Disabled'}
              </Badge>
            )}
          </div>
          {endpoint.description && (
            <p className="text-sm break-words text-muted-foreground">{endpoint.description}</p>
          )}
        </div>
        <div className="flex shrink-0 gap-1">
          {allowed && (
            <Button variant="ghost" size="icon" onClick={onEdit} title="Edit">
              <Pencil aria-hidden="true" />
              <span className="sr-only">Edit {endpoint.url}</span>
            </Button>
          )}
          <Button variant="ghost" size="icon" onClick={onDelete} title="Delete">
            <Trash2 aria-hidden="true" className="text-destructive-text" />
            <span className="sr-only">Delete {endpoint.url}</span>
          </Button>
        </div>
      </div>
      {endpoint.disabledReason && !byOwner && (
        <div
          role="status"
          data-testid="webhook-disabled-reason"
          className="flex gap-3 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <p className="font-medium">{endpoint.disabledReason}</p>
        </div>
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Events">
        {endpoint.events.map((type) => (
          <li key={type}>
            <Badge variant="secondary">{eventLabel(type)}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        Signing secret <span className="font-mono break-all">{endpoint.secretHint}</span>
        {endpoint.failureStreak > 0 && (
          <span className="text-destructive-text" data-testid="webhook-failure-streak">
            {' · '}
            {endpoint.failureStreak} failed{' '}
            {endpoint.failureStreak === 1 ? 'delivery' : 'deliveries'} in a row
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 border-t pt-3">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={endpoint.enabled}
            disabled={!allowed || update.isPending}
            onCheckedChange={setEnabled}
          />
          <Label htmlFor={switchId} className="cursor-pointer">
            Receive events
          </Label>
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {allowed && (
            <Button variant="outline" size="sm" onClick={sendTest} disabled={test.isPending}>
              <Send aria-hidden="true" />
              {test.isPending ? 'Sending...' : 'Send test event'}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((open) => !open)}
          >
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
        </div>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} id={logId} />}
    </article>
  );
}
