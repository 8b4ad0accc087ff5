import { describe, expect, it } from 'vitest';
import { bareHost, isAppHost } from './app-hosts';

describe('app hosts', () => {
  it.each([
    ['App.Example.com:443', 'app.example.com'],
    ['app.example.com.', 'app.example.com'],
    ['[::1]:5000', '::1'],
    ['[::1]', '::1'],
    [' localhost ', 'localhost'],
    ['x'.repeat(301), ''],
  ])('compares %j as %j', (host, bare) => {
    expect(bareHost(host)).toBe(bare);
  });

  it('matches the app hosts and every name under them, nothing else', () => {
    const own = ['app.example.com', '127.0.0.1', '::1'];
    for (const host of [
      'app.example.com',
      'APP.example.com:8443',
      'www.app.example.com',
      'a.b.app.example.com.',
      '[::1]:5000',
      '127.0.0.1',
    ]) {
      expect(isAppHost(host, own), host).toBe(true);
    }
    for (const host of [
      'example.com',
      'evilapp.example.com',
      'app.example.com.evil.net',
      '',
      'x'.repeat(400),
    ]) {
      expect(isAppHost(host, own), host).toBe(false);
    }
  });
});
