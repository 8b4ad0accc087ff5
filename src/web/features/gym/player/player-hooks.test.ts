// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTROLS_HIDE_MS, useControlsVisibility } from './use-controls-visibility';
import { startFrom, useResumeChoice } from './use-resume-choice';

describe('the resume prompt', () => {
  it('starts at once when there is nothing to resume, and loads nothing while unknown', () => {
    expect(startFrom(null, null)).toBeNull();
    expect(startFrom(0, null)).toBe(0);
  });

  it('waits for the rider on a class in progress, then resumes or starts over', () => {
    expect(startFrom(330, null)).toBeNull();
    expect(startFrom(330, 'resume')).toBe(330);
    expect(startFrom(330, 'start-over')).toBe(0);
  });

  it('offers the position until the rider answers', () => {
    const { result, rerender } = renderHook(
      (stoppedAt: number | null) => useResumeChoice(stoppedAt),
      {
        initialProps: null as number | null,
      },
    );
    expect(result.current).toMatchObject({ offer: null, startAt: null });
    rerender(330);
    expect(result.current).toMatchObject({ offer: 330, startAt: null });
    act(() => result.current.choose('resume'));
    expect(result.current).toMatchObject({ offer: null, startAt: 330 });
  });

  it('offers nothing for a class not in progress', () => {
    const { result } = renderHook(() => useResumeChoice(0));
    expect(result.current).toMatchObject({ offer: null, startAt: 0 });
  });
});

describe('the controls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (initialProps: { playing: boolean; pinned: boolean }) =>
    renderHook((props: { playing: boolean; pinned: boolean }) => useControlsVisibility(props), {
      initialProps,
    });

  it('fade a few seconds after the class starts playing, and a tap brings them back for as long', () => {
    const { result } = setup({ playing: true, pinned: false });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.visible).toBe(false);

    act(() => result.current.show());
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 500));
    // Another tap (or key, or pointer move) starts the count again.
    act(() => result.current.show());
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.visible).toBe(false);
  });

  it('stay while the class is paused, and fade again once it plays', () => {
    const { result, rerender } = setup({ playing: false, pinned: false });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS * 3));
    expect(result.current.visible).toBe(true);
    rerender({ playing: true, pinned: false });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS));
    expect(result.current.visible).toBe(false);
    rerender({ playing: false, pinned: false });
    expect(result.current.visible).toBe(true);
  });

  it('stay while a control has the keyboard focus', () => {
    const { result, rerender } = setup({ playing: true, pinned: true });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS * 3));
    expect(result.current.visible).toBe(true);
    rerender({ playing: true, pinned: false });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS));
    expect(result.current.visible).toBe(false);
  });
});
