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
const user = (companySlug: string) => ({ message: 'ok', user: { id: 'u1', companySlug } });

describe('SlugEditForm', () => {
  it('cleans what is typed and refuses a slug that breaks the rules, without a request', async () => {
    const sent = fakeFetch(() => jsonResponse(200, user('x')));
    const { input, save, onDone } = renderForm('slug-gym');
    expect(input.value).toBe('slug-gym');

    fireEvent.change(input, { target: { value: 'My Gym_2!' } });
    expect(input.value).toBe('mygym2');

    save('my--gym');
    await waitFor(() =>
      expect(toastText()).toBe(
        'Invalid URL | URL must contain only lowercase letters, numbers, and hyphens',
      ),
    );
    save('ab');
    await waitFor(() =>
      expect(toastText()).toBe('Invalid URL | Slug must be at least 3 characters'),
    );
    expect(sent).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('leaves edit mode without a request when the slug is unchanged', async () => {
    const sent = fakeFetch(() => jsonResponse(200, user('x')));
    const { save, onDone } = renderForm('slug-gym');
    save('slug-gym');
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent).toEqual([]);
  });

  it('saves a valid slug on the server and says where the link now is', async () => {
    const sent = fakeFetch(() => jsonResponse(200, user('slug-gym-studio')));
    const { save, onDone } = renderForm('slug-gym');
    save('slug-gym-studio');
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/auth/slug', body: { slug: 'slug-gym-studio' } },
    ]);
    expect(toastText()).toBe(
      `Public URL updated | Your student link is now ${window.location.origin}/gym/slug-gym-studio. Old links keep working.`,
    );
  });

  it("keeps the server's own message: a taken slug (409), a refused one (400)", async () => {
    fakeFetch(() => jsonResponse(409, { message: 'Somebody else has it.' }));
    const { save, onDone } = renderForm('slug-gym');
    save('rival-gym');
    await waitFor(() => expect(toastText()).toBe('Slug unavailable | Somebody else has it.'));

    fakeFetch(() => jsonResponse(400, { message: 'This URL is reserved. Please choose another.' }));
    save('admin');
    await waitFor(() =>
      expect(toastText()).toBe('Invalid URL | This URL is reserved. Please choose another.'),
    );

    fakeFetch(() => new Response('', { status: 409 }));
    save('rival-gym');
    await waitFor(() =>
      expect(toastText()).toBe(
        'Slug unavailable | This URL slug is already taken. Please try another.',
      ),
    );
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
