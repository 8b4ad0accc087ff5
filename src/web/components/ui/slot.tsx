import * as React from 'react';

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

const EVENT_HANDLER = /^on[A-Z]/;

/**
 * The child's props over the slot's: both event handlers run (the child's first), styles merge and
 * class names join.
 */
export function mergeSlotProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const key of Object.keys(slotProps)) {
    const slotValue = slotProps[key];
    const childValue = childProps[key];
    if (EVENT_HANDLER.test(key) && typeof slotValue === 'function') {
      if (typeof childValue === 'function') {
        merged[key] = (...args: unknown[]) => {
          (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
        };
      } else {
        merged[key] = slotValue;
      }
    } else if (key === 'style') {
      merged[key] = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'className') {
      merged[key] = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  return merged;
}

/**
 * The ref the child element was given. React 19 (and Preact for a component) keep it in props;
 * Preact keeps a DOM element's on the element, where React 19 only leaves a warning getter.
 */
function childRef(child: React.ReactElement): React.Ref<unknown> | undefined {
  const props = child.props as { ref?: React.Ref<unknown> };
  if ('ref' in props) return props.ref;
  const own = Object.getOwnPropertyDescriptor(child, 'ref');
  return own && 'value' in own ? (own.value as React.Ref<unknown> | undefined) : undefined;
}

function setRef(ref: React.Ref<unknown> | undefined, value: unknown): (() => void) | void {
  if (typeof ref === 'function') return ref(value) ?? undefined;
  if (ref) (ref as React.RefObject<unknown>).current = value;
}

/** One callback ref that sets every given ref (and cleans each up as React 19 expects). */
function useComposedRef(
  ...refs: Array<React.Ref<unknown> | undefined>
): React.RefCallback<unknown> {
  // The refs themselves are the dependencies (always the same number of them).
  return React.useCallback((node: unknown) => {
    const cleanups = refs.map((ref) => setRef(ref, node));
    return () => {
      cleanups.forEach((cleanup, i) => (cleanup ? cleanup() : setRef(refs[i], null)));
    };
  }, refs);
}

/**
 * The `asChild` helper of the UI components: renders its single child element with the slot's
 * props, class names and ref merged onto it (components/ui/button.tsx, badge.tsx, sidebar.tsx).
 */
export function Slot({
  children,
  ref,
  ...slotProps
}: React.HTMLAttributes<HTMLElement> & { ref?: React.Ref<HTMLElement> }) {
  const child = React.Children.only(children) as React.ReactElement<AnyProps>;
  const composed = useComposedRef(ref, childRef(child));
  return React.cloneElement(child, { ...mergeSlotProps(slotProps, child.props), ref: composed });
}
