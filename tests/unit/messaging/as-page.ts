import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PAGE_PATHS, type Page } from '@/utils/messaging/protocol';

/** The sender Chromium gives a message from one of our pages. */
export function senderOf(page: Page) {
  const origin = `chrome-extension://${fakeBrowser.runtime.id}`;
  return { id: fakeBrowser.runtime.id, url: `${origin}${PAGE_PATHS[page]}`, origin };
}

/**
 * Makes the fake browser deliver runtime messages as the browser does for
 * this page: with its sender, and the answer a listener gives through
 * sendResponse after returning true (none when no listener did).
 */
export function sendAsPage(page: Page): void {
  fakeBrowser.runtime.sendMessage = (async (message: unknown) => {
    let respond: (answer: unknown) => void = () => undefined;
    const responded = new Promise((resolve) => (respond = resolve));
    const returned = await fakeBrowser.runtime.onMessage.trigger(message, senderOf(page), respond);
    return (returned as unknown[]).includes(true) ? responded : undefined;
  }) as typeof fakeBrowser.runtime.sendMessage;
}
