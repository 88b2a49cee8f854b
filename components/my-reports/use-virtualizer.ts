import { useLayoutEffect, useReducer, useState } from 'preact/hooks';
import { Virtualizer, elementScroll, measureElement, observeElementOffset, observeElementRect, type VirtualizerOptions } from '@tanstack/virtual-core';

/** What the caller gives; how a scrolling element is watched and scrolled is filled in. */
export type ElementVirtualizerOptions<S extends Element, I extends Element> = Omit<VirtualizerOptions<S, I>, 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'>;

/**
 * An item's size as its ResizeObserver reports it, after the frame's layout;
 * when the item is rendered (no report yet), the size known or guessed, so
 * that a render never waits for a layout of the whole page (the default reads
 * `offsetHeight` of each new item there). The observer's first report, in
 * the same frame, corrects a wrong guess before it is painted.
 */
function measureAfterLayout<S extends Element, I extends Element>(element: I, entry: ResizeObserverEntry | undefined, instance: Virtualizer<S, I>): number {
  if (entry) return measureElement(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

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
    measureElement: measureAfterLayout,
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
