import { useEffect, useState } from 'preact/hooks';

/**
 * The value, `delayMs` after it last changed: the field shows each keystroke
 * at once, and the work that depends on it runs once typing pauses.
 */
export function useDeferredValue<T>(value: T, delayMs: number): T {
  const [deferred, setDeferred] = useState(value);
  useEffect(() => {
    if (Object.is(value, deferred)) return;
    const timer = setTimeout(() => setDeferred(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return deferred;
}
