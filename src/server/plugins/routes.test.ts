import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@shared/endpoint';
import { withSchemas } from '@shared/endpoint-schemas';
import { NotFoundError } from '../lib/errors';
import { registerErrorHandler } from './error-handler';
import type { Guards } from './guards';
import { RouteCollector, registerAudiences, type RegisterOptions } from './routes';

const countResponse = z.object({ count: z.number() });
const count = withSchemas(
  endpoint<{ response: z.infer<typeof countResponse> }>()({
    method: 'GET',
    path: '/count',
    access: 'public',
    summary: 'A count',
  }),
  { response: countResponse },
);
const undeclared = endpoint<{ response: { count: number } }>()({
  method: 'GET',
  path: '/undeclared',
  access: 'public',
  summary: 'JSON without a response schema',
});
const created = withSchemas(
  endpoint<{ response: z.infer<typeof countResponse> }>()({
    method: 'POST',
    path: '/count',
    access: 'public',
    summary: 'A count, created',
    status: 201,
  }),
  { response: countResponse },
);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * An app whose handlers answer `answer` (a wrong shape, cast past the types, where a test says so),
 * or throw it when it is an error.
 */
async function appAnswering(answer: unknown, options: RegisterOptions): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  const handler = async () => {
    if (answer instanceof Error) throw answer;
    return answer as { count: number };
  };
  const routes = new RouteCollector();
  routes.route(count, handler);
  routes.route(undeclared, handler);
  routes.route(created, handler);
  // Public routes only: no guard is ever called.
  await registerAudiences(app, {} as Guards, routes, options);
  return app;
}

describe('checkResponses', () => {
  it('sends an answer its response schema accepts, unchanged', async () => {
    const checked = await appAnswering({ count: 3, extra: true }, { checkResponses: true });
    const res = await checked.inject({ method: 'GET', url: '/count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3, extra: true });
    const post = await checked.inject({ method: 'POST', url: '/count' });
    expect(post.statusCode).toBe(201);
  });

  it('turns an answer its response schema refuses into a 500 naming the problem', async () => {
    const checked = await appAnswering({ count: 'three' }, { checkResponses: true });
    for (const method of ['GET', 'POST'] as const) {
      const res = await checked.inject({ method, url: '/count' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toContain(`${method} /count answered what its response schema`);
      expect(res.json().message).toContain('count');
    }
  });

  it('refuses JSON from a route whose descriptor declares no response schema', async () => {
    const checked = await appAnswering({ count: 3 }, { checkResponses: true });
    const res = await checked.inject({ method: 'GET', url: '/undeclared' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(
      'GET /undeclared answers JSON but its descriptor has no response schema',
    );
  });

  it('leaves error answers alone: they have their own shape', async () => {
    const checked = await appAnswering(new NotFoundError('No count'), { checkResponses: true });
    const res = await checked.inject({ method: 'GET', url: '/count' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No count' });
  });

  it('is off by default (production): a wrong answer is sent unchecked', async () => {
    const unchecked = await appAnswering({ count: 'three' }, {});
    const res = await unchecked.inject({ method: 'GET', url: '/count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 'three' });
    const undeclaredRes = await unchecked.inject({ method: 'GET', url: '/undeclared' });
    expect(undeclaredRes.statusCode).toBe(200);
  });
});
