// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissErrorToasts, toast, useToast } from './use-toast';

describe('dismissErrorToasts (no stale toasts, issue #15)', () => {
  it('closes an error toast and lets any other run its course', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Invalid admin credentials', variant: 'destructive' });
    });
    act(() => dismissErrorToasts());
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Invalid admin credentials',
      open: false,
    });

    act(() => {
      toast({ title: 'Public URL updated' });
    });
    act(() => dismissErrorToasts());
    expect(result.current.toasts[0]).toMatchObject({ title: 'Public URL updated', open: true });
  });
});
