import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component loaded after the page first paints: its code stays out of the
 * JavaScript the page evaluates before it shows (issue 10). Shows `fallback`
 * (nothing by default) until it has loaded.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: () => JSX.Element | null = () => null) {
  return function Lazy(props: P): JSX.Element | null {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    useEffect(() => void load().then((component) => setLoaded(() => component)), []);
    return Loaded ? <Loaded {...props} /> : fallback();
  };
}

/** A fallback for `lazyComponent`: the pending status line, saying what is loading. */
export function pendingStatus(message: () => string): () => JSX.Element {
  return () => (
    <p class="status status-pending" role="status">
      {message()}
    </p>
  );
}
