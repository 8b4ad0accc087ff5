import { useRef, useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEYS_LIMIT,
  type ApiKeyDto,
  type ApiKeysView,
} from '@shared/api-keys.contract';
import { LockedNote } from '@web/components/locked-note';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useRevokeApiKey } from './api/api-keys';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CreateKeyDialog } from './create-key-dialog';
import { ApiReferenceLink } from './api-reference-link';
import { lastUsed } from './format';
import { SecretDialog, type ShownSecret } from './secret-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Settings > API, API keys (issue #19 part 1): made with a name and a scope, the secret shown once,
 * listed with their last use, revoked at once. Off Elite Studio the lock, and the keys made before
 * stay listed and revocable.
 */
export function ApiKeysCard({ view }: { view: ApiKeysView }) {
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const revoke = useRevokeApiKey();
  const active = view.keys.filter((key) => !key.revokedAt).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          <h2>API keys</h2>
        </CardTitle>
        <CardDescription>
          Each key opens the Cadence API to one tool. Keep keys secret: anyone with one reaches your
          classes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!view.allowed && <LockedNote feature="apiAccess" message={API_KEY_MESSAGES.locked} />}
        {view.allowed && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {active} of {API_KEYS_LIMIT} keys in use
            </p>
            {active < API_KEYS_LIMIT ? (
              <Button ref={createButton} onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                Create key
              </Button>
            ) : (
              <p className="text-sm">{API_KEY_MESSAGES.limit}</p>
            )}
          </div>
        )}
        {view.keys.length === 0 ? (
          <div className="rounded-lg border border-dashed p-6 text-center text-sm">
            <p className="font-medium">No API keys yet</p>
            <p className="mt-1 text-muted-foreground">
              A key lets your booking software or your own site list your classes, upload new ones
              and follow their processing. See the <ApiReferenceLink />, or start with &ldquo;First
              request in two minutes&rdquo; in the README.
            </p>
          </div>
        ) : (
          <ul
            ref={list}
            tabIndex={-1}
            aria-label="Your API keys"
            className="divide-y rounded-lg border outline-none"
          >
            {view.keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        )}
      </CardContent>
      {view.allowed && (
        <CreateKeyDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={({ key, secret, message }) => {
            setCreating(false);
            setShown({ title: `“${key.name}” is ready`, message, label: 'API key', secret });
          }}
        />
      )}
      <SecretDialog
        shown={shown}
        onDone={() => setShown(null)}
        returnFocusTo={() => createButton.current ?? list.current}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description={`Anything using ${revoking?.hint ?? 'this key'} stops reaching your classes at once. This cannot be undone.`}
        action="Revoke key"
        pendingAction="Revoking..."
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onDone={() => list.current?.focus()}
        onConfirm={(done) => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: ({ message }) => {
              toast({ title: message, description: `“${revoking.name}” no longer works.` });
              done();
            },
            onError: (error) =>
              toast({
                title: 'Key not revoked',
                description: failureMessage(error, 'Unable to revoke the key. Please try again.'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </Card>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="api-key"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-medium break-words">{apiKey.name}</h3>
          <Badge variant="secondary">{API_KEY_SCOPE_LABELS[apiKey.scope]}</Badge>
          {revoked && (
            <Badge variant="outline" className="border-destructive/50 text-destructive-text">
              Revoked
            </Badge>
          )}
        </div>
        <p className="font-mono text-sm break-all text-muted-foreground">{apiKey.hint}</p>
        <p className="text-sm text-muted-foreground">
          {[
            `Created ${dateFormat.format(new Date(apiKey.createdAt))}`,
            lastUsed(apiKey.lastUsedAt),
            apiKey.revokedAt && `Revoked ${dateFormat.format(new Date(apiKey.revokedAt))}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!revoked && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          onClick={onRevoke}
        >
          Revoke
          <span className="sr-only"> {apiKey.name}</span>
        </Button>
      )}
    </li>
  );
}
