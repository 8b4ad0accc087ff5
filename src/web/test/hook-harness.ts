import { createElement, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';

/** One request the code under test sent through `fetch`. */
export interface SentRequest {
  method: string;
  url: string;
  /** The JSON body, parsed; other bodies as they were given. */
  body: unknown;
}

/**
 * Replaces the global `fetch` (the network boundary) with `answer`; answers the requests sent, in
 * order. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeFetch(answer: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
    };
    sent.push(request);
    return answer(request);
  });
  return sent;
}

/** A JSON answer with a status, as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The app's own query client (its defaults: no retries) and a provider for `renderHook`. */
export function queryWrapper(client: QueryClient = createQueryClient()) {
  function Wrapper({ children }: { children: ReactNode }) {
    return createElement(QueryClientProvider, { client }, children);
  }
  return { client, wrapper: Wrapper };
}
