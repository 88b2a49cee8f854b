import { browser, type Browser } from 'wxt/browser';

// A page that shows an unsent draft holds a port to the background while it
// is open. When the page closes, the port disconnects and the background
// deletes the draft unless the user kept it (issue 19: nothing captured is
// kept that the user did not choose to keep).

const PREFIX = 'takedown-reporter:draft:';

/** The draft id a port is about, or null for any other port. */
export function draftIdOfPort(name: string): string | null {
  return name.startsWith(PREFIX) && name.length > PREFIX.length ? name.slice(PREFIX.length) : null;
}

/**
 * In a page: holds a port named after the draft while the page lives. A
 * worker that stops cuts the port without telling anyone the page closed:
 * the page connects again, so the next worker knows.
 */
export function holdDraftOpen(reportId: string, connect: (name: string) => Browser.runtime.Port = (name) => browser.runtime.connect({ name })): () => void {
  let closed = false;
  let port: Browser.runtime.Port;
  const open = () => {
    port = connect(`${PREFIX}${reportId}`);
    port.onDisconnect.addListener(() => {
      if (!closed) open();
    });
  };
  open();
  return () => {
    closed = true;
    port.disconnect();
  };
}

/**
 * In the background: calls `onClosed` with the draft id when a page of this
 * extension that held a draft open closes. Ports from elsewhere are ignored.
 */
export function onDraftPageClosed(onClosed: (reportId: string) => void, extensionOrigin: string = browser.runtime.getURL('/')): void {
  browser.runtime.onConnect.addListener((port) => {
    const id = draftIdOfPort(port.name);
    if (!id || !port.sender?.url?.startsWith(extensionOrigin)) return;
    port.onDisconnect.addListener(() => onClosed(id));
  });
}
