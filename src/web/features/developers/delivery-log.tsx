import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { WebhookDeliveryDto } from '@shared/webhooks.contract';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { useDeliveries } from './api/webhooks';
import { DELIVERY_STATUS, deliveryFacts, eventLabel, type DeliveryTone } from './format';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const TONES: Record<DeliveryTone, { badge: string; dot: string }> = {
  success: { badge: 'border-success/50 text-success', dot: 'bg-success' },
  danger: { badge: 'border-destructive/50 text-destructive-text', dot: 'bg-destructive' },
  waiting: { badge: 'border-warning/60 bg-warning/10 text-foreground', dot: 'bg-warning' },
};

/** An endpoint's delivery log, newest first, a page at a time, read again on Refresh. */
export function DeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  const log = useDeliveries(endpointId);
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border p-3 sm:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="text-sm font-medium">
          Delivery log
        </h4>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void log.refetch()}
          disabled={log.isFetching}
        >
          <RefreshCw aria-hidden="true" className={cn(log.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>
      {log.isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm">
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load the delivery log. Try Refresh.
        </p>
      ) : !log.data ? (
        <Skeleton className="h-16 w-full" />
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No deliveries yet. Send a test event to see one here.
        </p>
      ) : (
        <ol className="grid divide-y" aria-label="Deliveries, newest first">
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Show older deliveries'}
        </Button>
      )}
    </section>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliveryDto }) {
  const status = DELIVERY_STATUS[delivery.status];
  const tone = TONES[status.tone];
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <li className="grid gap-1 py-2.5 first:pt-0 last:pb-0" data-testid="delivery">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="outline" className={tone.badge} data-testid="delivery-status">
          <span aria-hidden="true" className={cn('size-1.5 rounded-full', tone.dot)} />
          {status.label}
        </Badge>
        <span className="text-sm font-medium">{eventLabel(delivery.eventType)}</span>
        <time dateTime={at} className="text-sm text-muted-foreground">
          {timeFormat.format(new Date(at))}
        </time>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="delivery-facts">
        {deliveryFacts(delivery).join(' · ')}
      </p>
      {delivery.error && (
        <p className="text-sm break-words text-destructive-text">{delivery.error}</p>
      )}
    </li>
  );
}
