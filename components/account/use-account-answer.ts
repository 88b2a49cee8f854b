import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/**
 * An answer of the background, loaded when the view mounts and again on
 * `reload`; an older load that answers late never replaces a newer one.
 */
export function useAccountAnswer<T>(load: () => Promise<T>): { answer: T | null; loading: boolean; reload(): void } {
  const [answer, setAnswer] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const reload = useCallback(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void load().then((next) => {
      if (ticket !== latest.current) return;
      setAnswer(next);
      setLoading(false);
    });
  }, []);
  useEffect(() => {
    reload();
    return () => void (latest.current = -1);
  }, []);
  return { answer, loading, reload };
}
