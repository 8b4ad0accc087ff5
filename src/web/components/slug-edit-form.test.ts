// @vitest-environment happy-dom
import { createElement, Fragment } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '@web/lib/use-toast';
import { fakeFetch, jsonResponse, queryWrapper } from '@web/test/hook-harness';
import { SlugEditForm } from './slug-edit-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The toast on screen, as "title | description". */
function ToastProbe() {
  const toast = useToast().toasts[0];
  return createElement(
    'output',
    { 'data-testid': 'toast' },
    toast ? `${String(toast.title)} | ${String(toast.description)}` : '',
  );
}

function renderForm(slug: string | null) {
  const onDone = vi.fn();
  const { wrapper } = queryWrapper();
  render(
    createElement(
      Fragment,
      null,
      createElement(SlugEditForm, { slug, onDone }),
      createElement(ToastProbe),
    ),
    {
      wrapper,
    },
  );
  const input = screen.getByLabelText('Public URL') as HTMLInputElement;
  const save = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  };
  return { input, save, onDone };
}

const toastText = () => screen.getByTestId('toast').textContent;
/** The field's own error line (under the field, not a toast). */
const fieldError = () => document.querySelector('[id$="-slug-error"]')?.textContent;
/** The slug changes sent (the live availability check's GETs aside). */
const puts = (sent: Array<{ method: string }>) => sent.filter((r) => r.method === 'PUT');
const user = (companySlug: string) => ({ message: 'ok', user: { id: 'u1', companySlug } });

describe('SlugEditForm', () => {
  it('cleans what is typed and refuses a slug that breaks the rules, without a request', async () => {
    const sent = fakeFetch(() => jsonResponse(200, user('x')));
    const { input, save, onDone } = renderForm('slug-gym');
    expect(input.value).toBe('slug-gym');

    fireEvent.change(input, { target: { value: 'My Gym_2!' } });
    expect(input.value).toBe('my-gym2');

    save('-my-gym');
    await waitFor(() =>
      expect(fieldError()).toBe('URL must contain only lowercase letters, numbers, and hyphens'),
    );
    save('ab');
    await waitFor(() => expect(fieldError()).toBe('Slug must be at least 3 characters'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(toastText()).not.toMatch(/Invalid URL/);
    expect(puts(sent)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('leaves edit mode without a request when the slug is unchanged', async () => {
    const sent = fakeFetch(() => jsonResponse(200, user('x')));
    const { save, onDone } = renderForm('slug-gym');
    save('slug-gym');
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent).toEqual([]);
  });

  it('checks a new slug as the owner types and offers free ones in place of a taken one', async () => {
    const sent = fakeFetch(() =>
      jsonResponse(200, {
        available: false,
        message: 'This URL slug is already taken. Please try another.',
        suggestions: ['rival-gym-studio', 'rival-gym-cycle'],
      }),
    );
    const { input } = renderForm('slug-gym');
    fireEvent.change(input, { target: { value: 'rival-gym' } });
    await screen.findByText('This URL slug is already taken. Please try another.');
    expect(sent).toEqual([
      { method: 'GET', url: '/api/auth/check-slug?slug=rival-gym', body: undefined },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'rival-gym-cycle' }));
    expect(input.value).toBe('rival-gym-cycle');
  });

  it('saves a valid slug on the server and says where the link now is', async () => {
    const sent = fakeFetch(() => jsonResponse(200, user('slug-gym-studio')));
    const { save, onDone } = renderForm('slug-gym');
    save('slug-gym-studio');
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(puts(sent)).toEqual([
      { method: 'PUT', url: '/api/auth/slug', body: { slug: 'slug-gym-studio' } },
    ]);
    expect(toastText()).toBe(
      `Public URL updated | Your student link is now ${window.location.origin}/gym/slug-gym-studio. Old links keep working.`,
    );
  });

  it("says the server's own refusal under the field: a taken slug (409), a refused one (400)", async () => {
    const answer = (status: number, body: unknown) =>
      fakeFetch((r) =>
        r.method === 'PUT' ? jsonResponse(status, body) : new Response('', { status: 503 }),
      );
    answer(409, { message: 'Somebody else has it.' });
    const { save, onDone } = renderForm('slug-gym');
    save('rival-gym');
    await waitFor(() => expect(fieldError()).toBe('Somebody else has it.'));

    answer(400, { message: 'This URL is reserved. Please choose another.' });
    save('admin');
    await waitFor(() => expect(fieldError()).toBe('This URL is reserved. Please choose another.'));

    fakeFetch((r) =>
      r.method === 'PUT' ? new Response('', { status: 409 }) : new Response('', { status: 503 }),
    );
    save('rival-gym');
    await waitFor(() =>
      expect(fieldError()).toBe('This URL slug is already taken. Please try another.'),
    );
    expect(toastText()).not.toMatch(/Slug unavailable|Invalid URL/);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { save, onDone } = renderForm('slug-gym');
    save('new-gym');
    await waitFor(() =>
      expect(toastText()).toBe('Error | Unable to update the URL. Please try again.'),
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
