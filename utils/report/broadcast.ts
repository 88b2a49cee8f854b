// A BroadcastChannel reaches the service worker and every extension page
// (one origin), so open pages follow what another context changed. Nothing
// is stored: a late page reads the state, then follows what comes.

/** One named channel: announce a message, or watch those sent by any other channel object. */
export interface Broadcast<T> {
  /** Sends a message to every other watcher, in this context or another. */
  announce(message: T): void;
  /** Calls back on each message; returns the unsubscribe. */
  watch(callback: (message: T) => void): () => void;
}

/** The broadcast named `name`; where BroadcastChannel does not exist (some tests), it does nothing. */
export function createBroadcast<T>(name: string): Broadcast<T> {
  let sender: BroadcastChannel | undefined;
  return {
    announce(message) {
      if (typeof BroadcastChannel === 'undefined') return;
      sender ??= new BroadcastChannel(name);
      sender.postMessage(message);
    },
    watch(callback) {
      if (typeof BroadcastChannel === 'undefined') return () => {};
      const listener = new BroadcastChannel(name);
      listener.onmessage = (event: MessageEvent<T>) => callback(event.data);
      return () => listener.close();
    },
  };
}
