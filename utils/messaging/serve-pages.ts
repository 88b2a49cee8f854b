import { browser, type Browser } from 'wxt/browser';
import type { BackgroundService } from './service-types';
import { createMessageHandler } from './router';
import { originOf } from './sender';

// Apart from background-service.ts so that pages, which import that file,
// never bundle the router and its schemas.

/**
 * In the background: answers the pages' calls (sender, method and arguments
 * checked by the router); register synchronously when the worker starts.
 * `onAnswered` is told each time an answer is out (the worker's start chores wait for the first).
 */
export function registerBackgroundService(service: BackgroundService, onAnswered: () => void = () => {}): void {
  const origin = originOf(new URL(browser.runtime.getURL('/')));
  const handle = createMessageHandler(service, {
    extension: { id: browser.runtime.id, origin },
    onRefused: (reason, method, page) => console.warn(`Refused a message (${reason}): ${method || '(no method)'} from ${page ?? 'outside the extension'}`),
  });
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender, sendResponse: (answer: unknown) => void) => {
    const answer = handle(message, sender);
    // Not ours: no answer. Ours: answered later, which Chrome and Firefox take from `return true` and sendResponse.
    if (!answer) return false;
    void answer.then(sendResponse, () => sendResponse({ ok: false, error: 'failed' })).finally(onAnswered);
    return true;
  });
}
