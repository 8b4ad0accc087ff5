// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_WAIT_MS, COPIED_MS, copyText, useCopied } from './copy-text';

/** The clipboard's writeText as this test wants it, and execCommand('copy') answering `copies`. */
function fakeClipboard(writeText: ((text: string) => Promise<void>) | null, copies = true) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: writeText ? { writeText } : undefined });
  const selected: string[] = [];
  const execCommand = vi.fn((command: string) => {
    expect(command).toBe('copy');
    const active = document.activeElement;
    selected.push(
      active instanceof HTMLTextAreaElement
        ? active.value.slice(active.selectionStart, active.selectionEnd)
        : String(window.getSelection()),
    );
    return copies;
  });
  document.execCommand = execCommand;
  return { execCommand, selected };
}

beforeEach(() => {
  document.body.innerHTML = '<p id="link">https://cadence.example/gym/x?together=1</p>';
  window.getSelection()?.removeAllRanges();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('copyText', () => {
  it('uses the Clipboard API when it answers, and selects nothing', async () => {
    const written: string[] = [];
    const { execCommand } = fakeClipboard(async (text) => void written.push(text));
    expect(await copyText('hello', document.getElementById('link'))).toBe(true);
    expect(written).toEqual(['hello']);
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('copies the shown element selected when the Clipboard API refuses, and leaves it selected', async () => {
    const { selected } = fakeClipboard(() =>
      Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')),
    );
    expect(await copyText('ignored', document.getElementById('link'))).toBe(true);
    expect(selected).toEqual(['https://cadence.example/gym/x?together=1']);
    expect(String(window.getSelection())).toBe('https://cadence.example/gym/x?together=1');
  });

  it('falls back after CLIPBOARD_WAIT_MS when the Clipboard API never answers', async () => {
    vi.useFakeTimers();
    const { selected } = fakeClipboard(() => new Promise<void>(() => undefined));
    const copying = copyText('from a hidden field');
    await vi.advanceTimersByTimeAsync(CLIPBOARD_WAIT_MS - 1);
    expect(selected).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await copying).toBe(true);
    expect(selected).toEqual(['from a hidden field']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says false when neither way copies (no Clipboard API, the selection refused)', async () => {
    fakeClipboard(null, false);
    expect(await copyText('nothing')).toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('useCopied', () => {
  it('shows the check for COPIED_MS after the last mark, and clears at once on demand', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCopied());
    expect(result.current.copied).toBe(false);
    act(() => result.current.markCopied());
    expect(result.current.copied).toBe(true);
    act(() => void vi.advanceTimersByTime(COPIED_MS - 500));
    act(() => result.current.markCopied());
    act(() => void vi.advanceTimersByTime(COPIED_MS - 1));
    expect(result.current.copied).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
    act(() => result.current.markCopied());
    act(() => result.current.clearCopied());
    expect(result.current.copied).toBe(false);
  });
});
