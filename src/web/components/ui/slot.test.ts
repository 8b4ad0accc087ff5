// @vitest-environment happy-dom
import { createElement, createRef } from 'react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { mergeSlotProps, Slot } from './slot';

afterEach(cleanup);

describe('mergeSlotProps', () => {
  it('runs both handlers (the child first), joins class names, merges styles, lets the child win', () => {
    const calls: string[] = [];
    const merged = mergeSlotProps(
      {
        onClick: () => calls.push('slot'),
        onFocus: () => calls.push('slot focus'),
        className: 'a',
        style: { color: 'red', margin: 1 },
        title: 'slot',
        role: 'link',
      },
      {
        onClick: () => calls.push('child'),
        className: 'b',
        style: { color: 'blue' },
        title: 'child',
      },
    );
    (merged.onClick as () => void)();
    (merged.onFocus as () => void)();
    expect(calls).toEqual(['child', 'slot', 'slot focus']);
    expect(merged.className).toBe('a b');
    expect(merged.style).toEqual({ color: 'blue', margin: 1 });
    expect(merged.title).toBe('child');
    expect(merged.role).toBe('link');
  });
});

describe('Slot', () => {
  it('renders the child element with the props, classes and refs of both', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    const onSlotClick = vi.fn();
    const { container } = render(
      createElement(
        Slot,
        { ref: slotRef, className: 'slot', onClick: onSlotClick, 'aria-label': 'Home' },
        createElement('a', { href: '/', ref: childRef, className: 'child' }, 'Go Home'),
      ),
    );
    const link = container.querySelector('a')!;
    expect(container.children).toHaveLength(1);
    expect(link.className).toBe('slot child');
    expect(link.getAttribute('aria-label')).toBe('Home');
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
    fireEvent.click(link);
    expect(onSlotClick).toHaveBeenCalledOnce();
  });

  it('makes Button asChild render its child with the button look', () => {
    const { container } = render(
      createElement(
        Button,
        { asChild: true, size: 'sm' },
        createElement('a', { href: '/x' }, 'Open'),
      ),
    );
    const link = container.querySelector('a')!;
    expect(container.querySelector('button')).toBeNull();
    expect(link.getAttribute('href')).toBe('/x');
    expect(link.dataset.slot).toBe('button');
    expect(link.className).toContain('inline-flex');
    expect(link.className).toContain('h-8');
  });
});
