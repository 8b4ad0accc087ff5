// @vitest-environment happy-dom
import { createElement } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, ThemeProvider } from '@web/lib/theme';
import {
  START_EVENTS,
  THEME_KEY,
  adoptPaintedLanding,
  watchPaintedLanding,
} from './first-interaction';
import { renderLandingMarkup } from './landing-markup';
import { LandingPage } from './landing-page';

/** index.html on a signed-out `/`: the landing page rendered at build time, shown. */
function paintLanding(): HTMLElement {
  const container = document.createElement('div');
  container.id = 'landing-first-paint';
  container.innerHTML = renderLandingMarkup();
  document.body.append(container);
  document.documentElement.classList.add('landing-first-paint');
  return container;
}

/** React's landing page, as the app mounts it once started. */
function mountReactLanding() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(ThemeProvider, null, createElement(LandingPage)),
    ),
  );
}

const painted = (selector: string) =>
  document.querySelector<HTMLElement>(`#landing-first-paint ${selector}`)!;

const paintedByText = (selector: string, text: string) =>
  [...document.querySelectorAll<HTMLElement>(`#landing-first-paint ${selector}`)].find(
    (element) => element.textContent === text,
  )!;

/** A field typed into as a person would (the painted page has no script of its own). */
function type(field: HTMLInputElement, text: string) {
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const press = (element: HTMLElement) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

beforeEach(() => {
  // GET /api/processing-time and the like: not answered here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.documentElement.className = '';
  vi.unstubAllGlobals();
});

describe('watchPaintedLanding', () => {
  it('starts the app at the first interaction only, once', () => {
    const start = vi.fn();
    expect(watchPaintedLanding(paintLanding(), start)).toBeTypeOf('function');
    expect(start).not.toHaveBeenCalled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('scroll'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(START_EVENTS)('counts a %s as an interaction', (type) => {
    const start = vi.fn();
    watchPaintedLanding(paintLanding(), start);
    window.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when asked, and answers a start for a session found meanwhile', () => {
    const atOnce = vi.fn();
    watchPaintedLanding(paintLanding(), atOnce, { startNow: true });
    expect(atOnce).toHaveBeenCalledTimes(1);

    document.body.innerHTML = '';
    const later = vi.fn();
    const startNow = watchPaintedLanding(paintLanding(), later);
    expect(later).not.toHaveBeenCalled();
    if (startNow) startNow();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('has nothing to watch when nothing was painted', () => {
    const container = document.createElement('div');
    expect(watchPaintedLanding(container, vi.fn())).toBe(false);
  });

  it('holds back presses of links and buttons, and never submits the painted form', () => {
    watchPaintedLanding(paintLanding(), vi.fn());
    const signIn = [
      ...document.querySelectorAll<HTMLElement>('#landing-first-paint header a'),
    ].find((a) => a.textContent === 'Sign In')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    signIn.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);

    const form = painted('form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.getAttribute('method')).toBe('post');
  });

  it('leaves a modified click on a link (a new tab) to the browser', () => {
    watchPaintedLanding(paintLanding(), vi.fn());
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    painted('header a[href="/"]').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});

describe("React's landing page taking the painted page's place", () => {
  it('keeps what was typed, the focus and the caret, and removes the painted page', async () => {
    watchPaintedLanding(paintLanding(), vi.fn());
    type(painted('#register-email') as HTMLInputElement, 'ada@example.com');
    type(painted('#register-first-name') as HTMLInputElement, 'Ada');
    (painted('#register-first-name') as HTMLInputElement).setSelectionRange(1, 1);

    mountReactLanding();

    expect(document.getElementById('landing-first-paint')).toBeNull();
    const email = document.getElementById('register-email') as HTMLInputElement;
    const first = document.getElementById('register-first-name') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(first.value).toBe('Ada');
    expect(document.activeElement).toBe(first);
    expect(first.selectionStart).toBe(1);
  });

  it("makes the held-back presses on React's page, in order, then fills the fields they replaced", async () => {
    watchPaintedLanding(paintLanding(), vi.fn());
    // 'Sign In' in the header (the card turns to sign-in), then the email typed into the card
    // still showing sign-up on the painted page.
    press(paintedByText('header a', 'Sign In'));
    type(painted('#register-email') as HTMLInputElement, 'ada@example.com');

    mountReactLanding();

    await waitFor(() =>
      expect(document.getElementById('auth-title')?.textContent).toBe('Welcome back'),
    );
    await waitFor(() =>
      expect((document.getElementById('login-email') as HTMLInputElement).value).toBe(
        'ada@example.com',
      ),
    );
    expect(document.activeElement?.id).toBe('login-email');
  });

  it('submits what was typed when the submit button was pressed on the painted page', async () => {
    const fetch = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>(() => undefined),
    );
    vi.stubGlobal('fetch', fetch);
    watchPaintedLanding(paintLanding(), vi.fn());
    type(painted('#register-first-name') as HTMLInputElement, 'Ada');
    type(painted('#register-last-name') as HTMLInputElement, 'Lovelace');
    type(painted('#register-email') as HTMLInputElement, 'ada@example.com');
    type(painted('#register-password') as HTMLInputElement, 'correct horse battery');
    press(painted('button[type="submit"]'));

    mountReactLanding();

    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/auth/register'))).toBe(
        true,
      ),
    );
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/register'))!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
  });

  it('submits the sign-in form when the card was switched to it by a press before the submit', async () => {
    const fetch = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>(() => undefined),
    );
    vi.stubGlobal('fetch', fetch);
    watchPaintedLanding(paintLanding(), vi.fn());
    // 'Already have an account? Sign in', then the email and password typed into the painted card
    // (still the sign-up form) and Enter (its submit button pressed).
    press(paintedByText('button', 'Already have an account? Sign in'));
    type(painted('#register-email') as HTMLInputElement, 'ada@example.com');
    type(painted('#register-password') as HTMLInputElement, 'correct horse battery');
    press(painted('button[type="submit"]'));

    mountReactLanding();

    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/auth/login'))).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/auth/register'))).toBe(
      false,
    );
  });

  it('completes a press still held when React arrives, on its release', async () => {
    watchPaintedLanding(paintLanding(), vi.fn());
    type(painted('#register-password') as HTMLInputElement, 'secretpass');
    const toggle = painted('button[aria-label="Show password"]');
    toggle.focus();
    toggle.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));

    mountReactLanding();
    expect(document.getElementById('register-password')?.getAttribute('type')).toBe('password');
    window.dispatchEvent(new KeyboardEvent('keyup', { key: ' ' }));

    await waitFor(() =>
      expect(document.getElementById('register-password')?.getAttribute('type')).toBe('text'),
    );
  });

  it('switches the theme on the painted page at once, and React takes up the choice', async () => {
    localStorage.clear();
    expect(THEME_KEY).toBe(THEME_STORAGE_KEY);
    document.documentElement.classList.add('dark'); // theme-init.js: the system's is dark
    watchPaintedLanding(paintLanding(), vi.fn());
    const toggle = painted('button[aria-label="Toggle theme"]');
    // Rendered at build time in the light theme; it says which one is on.
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    press(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    mountReactLanding();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not pressed a second time on React's page; React's toggle says the same.
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    const reactToggle = document.querySelector('button[aria-label="Toggle theme"]')!;
    expect(reactToggle.getAttribute('aria-pressed')).toBe('false');
    press(reactToggle as HTMLElement);
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('does nothing when no painted page was watched', () => {
    const page = document.createElement('div');
    expect(() => adoptPaintedLanding(page)).not.toThrow();
  });
});
