// WXT's fake browser has no runtime.onConnect: a small in-memory one, emptied
// before each test, whose `trigger` hands a port to the listeners as a page's
// runtime.connect would.
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Listener = (port: unknown) => void;
const listeners = new Set<Listener>();

/** runtime.onConnect, with `trigger(port)` for tests. */
export const onConnect = {
  addListener: (listener: Listener) => void listeners.add(listener),
  removeListener: (listener: Listener) => void listeners.delete(listener),
  hasListener: (listener: Listener) => listeners.has(listener),
  trigger: (port: unknown) => listeners.forEach((listener) => listener(port)),
};

function install(): void {
  (fakeBrowser.runtime as unknown as { onConnect: typeof onConnect }).onConnect = onConnect;
}

install();
beforeEach(() => {
  listeners.clear();
  install();
});
