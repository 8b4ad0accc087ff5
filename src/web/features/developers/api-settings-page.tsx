import { Link } from 'wouter';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { Skeleton } from '@web/components/ui/skeleton';
import { useApiKeys } from './api/api-keys';
import { useWebhooks } from './api/webhooks';
import { ApiKeysCard } from './api-keys-card';
import { ApiReferenceLink } from './api-reference-link';
import { WebhooksCard } from './webhooks-card';

/**
 * /settings/api (issue #19 parts 1 and 4, Elite Studio): the owner's API keys and webhook
 * endpoints. Off Elite each card shows the lock; what was made before stays listed.
 */
export function ApiSettingsPage() {
  const keys = useApiKeys();
  const webhooks = useWebhooks();

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <div className="space-y-2">
        <Link
          href="/settings"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Settings
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API and webhooks</h1>
        <p className="text-muted-foreground">
          Connect your booking software and your own site to Cadence. Everything the API offers,
          with examples, is in the <ApiReferenceLink />.
        </p>
      </div>
      {keys.isError || webhooks.isError ? (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load your API settings. Please reload the page.
        </div>
      ) : !keys.data || !webhooks.data ? (
        <div className="space-y-4" role="status" aria-label="Loading">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <>
          <ApiKeysCard view={keys.data} />
          <WebhooksCard view={webhooks.data} />
        </>
      )}
    </div>
  );
}
