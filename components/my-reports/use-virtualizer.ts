import { useLayoutEffect, useReducer, useState } from 'preact/hooks';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect, type VirtualizerOptions } from '@tanstack/virtual-core';

/** What the caller gives; how a scrolling element is watched and scrolled is filled in. */
export type ElementVirtualizerOptions<S extends Element, I extends Element> = Omit<VirtualizerOptions<S, I>, 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'>;

/**
 * A TanStack virtualizer over a scrolling element, re-rendering the component
 * when the visible range or a measured size changes: the few lines of
 * `@tanstack/react-virtual`'s `useVirtualizer`, for Preact.
 */
export function useVirtualizer<S extends Element, I extends Element>(options: ElementVirtualizerOptions<S, I>): Virtualizer<S, I> {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const resolved: VirtualizerOptions<S, I> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      rerender(undefined);
      options.onChange?.(instance, sync);
    },
  };
  const [instance] = useState(() => new Virtualizer<S, I>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), []);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
