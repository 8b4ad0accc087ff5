import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness';
import { authService } from './auth.service';
import { usersRepository } from './users.repository';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.dispose());

describe('ensureAdmin (the admin bootstrap)', () => {
  it('creates the admin once, then only updates it', async () => {
    const auth = authService(usersRepository(database.db));
    const first = await auth.ensureAdmin('boss@example.com', 'first-password');
    expect(first).toMatchObject({ isAdmin: 'true', onboardingCompleted: 'true' });
    const second = await auth.ensureAdmin('boss@example.com', 'second-password');
    expect(second.id).toBe(first.id);
    await expect(
      auth.login({ email: 'boss@example.com', password: 'second-password' }),
    ).resolves.toMatchObject({ id: first.id });
    await expect(
      auth.login({ email: 'boss@example.com', password: 'first-password' }),
    ).rejects.toThrow('Invalid email or password');
  });

  it('promotes an existing owner account', async () => {
    const auth = authService(usersRepository(database.db));
    const owner = await auth.register({
      email: 'owner@example.com',
      password: 'owner-pass',
      firstName: 'O',
      lastName: 'W',
    });
    expect(owner.isAdmin).toBe('false');
    const admin = await auth.ensureAdmin('owner@example.com', 'owner-pass');
    expect(admin).toMatchObject({ id: owner.id, isAdmin: 'true' });
  });

  it('stores an argon2id hash, never the password', async () => {
    const auth = authService(usersRepository(database.db));
    const user = await auth.register({
      email: 'hash@example.com',
      password: 'plain-secret',
      firstName: 'H',
      lastName: 'S',
    });
    expect(user.password).toMatch(/^\$argon2id\$/);
    expect(user.password).not.toContain('plain-secret');
  });
});
