/**
 * Owns every timer the sandbox starts (latency faults, webhook retries and
 * timeouts), so close() can clear them and never leave the process alive.
 */
export class TimerSet {
  private readonly handles = new Set<NodeJS.Timeout>();
  private readonly wakers = new Set<() => void>();

  /** Like setTimeout, but tracked and unref'd. */
  schedule(fn: () => void, ms: number): NodeJS.Timeout {
    const handle = setTimeout(
      () => {
        this.handles.delete(handle);
        fn();
      },
      Math.max(0, ms),
    );
    handle.unref();
    this.handles.add(handle);
    return handle;
  }

  /** Cancels one timer. */
  cancel(handle: NodeJS.Timeout): void {
    clearTimeout(handle);
    this.handles.delete(handle);
  }

  /** Waits `ms`; resolves early (with false) if clearAll() runs first. */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = (): void => resolve(false);
      this.wakers.add(wake);
      this.schedule(() => {
        this.wakers.delete(wake);
        resolve(true);
      }, ms);
    });
  }

  /** Clears every pending timer and wakes every sleeper. */
  clearAll(): void {
    for (const handle of this.handles) clearTimeout(handle);
    this.handles.clear();
    for (const wake of this.wakers) wake();
    this.wakers.clear();
  }
}
