// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from './theme';

/** The system's colour scheme, as a media query list the test can flip. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(ThemeProvider, null, children);
const isDarkClass = () => document.documentElement.classList.contains('dark');

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
});

describe('ThemeProvider', () => {
  it("follows the system's theme, and its changes, while the visitor has not picked one", () => {
    const system = fakeSystem(true);
    const { result } = renderHook(() => useTheme(), { wrapper });
    expect(result.current.theme).toBe('dark');
    expect(isDarkClass()).toBe(true);

    act(() => system.set(false));
    expect(result.current.theme).toBe('light');
    expect(isDarkClass()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it("keeps the visitor's pick, stored, whatever the system does", () => {
    const system = fakeSystem(false);
    const { result } = renderHook(() => useTheme(), { wrapper });
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    act(() => system.set(true));
    act(() => system.set(false));
    expect(result.current.theme).toBe('dark');
    expect(isDarkClass()).toBe(true);
  });

  it('starts from a stored pick over the system', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    fakeSystem(true);
    const { result } = renderHook(() => useTheme(), { wrapper });
    expect(result.current.theme).toBe('light');
    expect(isDarkClass()).toBe(false);
  });
});
