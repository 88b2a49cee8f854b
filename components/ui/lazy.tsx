import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ProblemMessage } from './problem-message';
import { ReloadPageButton } from './reload-page-button';

/**
 * A component loaded after the page first paints: its code stays out of the
 * JavaScript the page evaluates before it shows (issue 10). Shows `fallback`
 * (nothing by default) until it has loaded. If its code cannot be loaded
 * (the extension was updated since the page opened, and the file is gone),
 * it says so and offers to reload the page, rather than loading for ever.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: () => JSX.Element | null = () => null) {
  return function Lazy(props: P): JSX.Element | null {
    const [loaded, setLoaded] = useState<{ Component: ComponentType<P> } | 'failed' | null>(null);
    useEffect(
      () =>
        void load().then(
          (Component) => setLoaded({ Component }),
          () => setLoaded('failed'),
        ),
      [],
    );
    if (loaded === 'failed') return <CodeNotLoaded />;
    return loaded ? <loaded.Component {...props} /> : fallback();
  };
}

/** What shows where a part of the page could not be loaded. */
export function CodeNotLoaded(): JSX.Element {
  return <ProblemMessage problem={{ kind: 'code_not_loaded' }} extra={<ReloadPageButton />} />;
}

/** A fallback for `lazyComponent`: the pending status line, saying what is loading. */
export function pendingStatus(message: () => string): () => JSX.Element {
  return () => (
    <p class="status status-pending" role="status">
      {message()}
    </p>
  );
}
