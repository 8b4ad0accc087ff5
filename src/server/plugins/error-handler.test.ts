import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../lib/errors';
import { registerErrorHandler } from './error-handler';

/** What each kind of thrown thing answers: the caller sees only words written for a caller. */
describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    const thrown: Record<string, () => unknown> = {
      ours: () => new ConflictError('That slug is taken'),
      // What a route's rate limit throws: a plain object with the words we wrote.
      limited: () => ({
        statusCode: 429,
        message: 'Too many URL changes. Please try again later.',
      }),
      // A library's Error given a 4xx, with internals in its message.
      library: () =>
        Object.assign(new Error("ENOENT: no such file or directory, stat '/srv/data/objects/x'"), {
          statusCode: 404,
        }),
      unlisted: () => Object.assign(new Error('parser state 7 at byte 12'), { statusCode: 422 }),
      framework: () =>
        Object.assign(new Error('reach files limit'), { statusCode: 413, code: 'FST_FILES_LIMIT' }),
      crash: () => new Error('connection to 10.0.0.5:5432 refused'),
    };
    app.get('/:kind', async (request) => {
      throw thrown[(request.params as { kind: string }).kind]!();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const answer = async (kind: string) => {
    const res = await app.inject({ method: 'GET', url: `/${kind}` });
    return { status: res.statusCode, message: (res.json() as { message: string }).message };
  };

  it("passes the service's and the rate limits' own words", async () => {
    expect(await answer('ours')).toEqual({ status: 409, message: 'That slug is taken' });
    expect(await answer('limited')).toEqual({
      status: 429,
      message: 'Too many URL changes. Please try again later.',
    });
    expect(await answer('framework')).toEqual({ status: 413, message: 'reach files limit' });
  });

  it("gives a library's 4xx its status's words, never its message", async () => {
    expect(await answer('library')).toEqual({ status: 404, message: 'Not found' });
    expect(await answer('unlisted')).toEqual({
      status: 422,
      message: 'The request could not be processed',
    });
  });

  it('answers anything else with a 500 that names nothing inside', async () => {
    expect(await answer('crash')).toEqual({
      status: 500,
      message: 'Something went wrong. Please try again.',
    });
  });
});
