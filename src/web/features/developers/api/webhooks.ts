import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  webhookEndpoints,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookEndpointDto,
  type WebhooksView,
} from '@shared/webhooks.contract';
import { api } from '@web/lib/api';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

/** GET /api/auth/webhooks: the endpoints, the plan's answer and the events they can receive. */
export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.list(),
  queryFn: ({ signal }) => api(webhookEndpoints.list, { signal }),
  staleTime: 0,
});

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

/** GET /api/auth/webhooks/:id/deliveries, newest first, a page at a time (`nextCursor`). */
export function deliveriesQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal, pageParam }) =>
      api(webhookEndpoints.deliveries, { params: { id }, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useDeliveries(id: string) {
  return useInfiniteQuery(deliveriesQuery(id));
}

/** A changed endpoint replaces its row in the cached list at once. */
function storeEndpoint(client: QueryClient, endpoint: WebhookEndpointDto): void {
  client.setQueryData<WebhooksView>(webhookKeys.list(), (view) =>
    view
      ? { ...view, endpoints: view.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e)) }
      : view,
  );
}

/** POST /api/auth/webhooks: the answer holds the signing secret, shown once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api(webhookEndpoints.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** PATCH /api/auth/webhooks/:id: the URL, description or events, or enabled. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookBody }) =>
      api(webhookEndpoints.update, { params: { id }, body }),
    onSuccess: ({ endpoint }) => storeEndpoint(client, endpoint),
  });
}

/** DELETE /api/auth/webhooks/:id, with its delivery log. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(webhookEndpoints.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      return client.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

/** POST /api/auth/webhooks/:id/test: one attempt now; its delivery joins the log. */
export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(webhookEndpoints.test, { params: { id } }),
    onSuccess: (_answer, id) => client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
