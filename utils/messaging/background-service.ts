import { browser } from 'wxt/browser';
import { CALL_CHANNEL, type CallAnswer, type CallMessage } from './protocol';
import type { RoutedPath } from './routes';
import type { BackgroundService } from './service-types';

export type { BackgroundService };

/** What a page can call: the methods utils/messaging/routes.ts lets some page call. */
export type PageService = {
  [A in keyof BackgroundService]: Pick<BackgroundService[A], Extract<RoutedPath, `${A}.${string}`> extends `${A}.${infer M}` ? M & keyof BackgroundService[A] : never>;
};

/** In a page: the background service, called through runtime messaging. */
export function getBackgroundService(): PageService {
  return new Proxy({} as PageService, {
    // An area is an object, so awaiting one does nothing; a method named
    // `then` would make the service look like a promise.
    get: (_, area) =>
      typeof area !== 'string'
        ? undefined
        : new Proxy({}, { get: (__, method) => (typeof method !== 'string' || method === 'then' ? undefined : (...args: unknown[]) => callBackground(`${area}.${method}`, args)) }),
  });
}

/** One call: the value the background answered, or an error a page turns into "the background did not answer". */
async function callBackground(method: string, args: unknown[]): Promise<unknown> {
  const message: CallMessage = { channel: CALL_CHANNEL, method, args };
  const answer = (await browser.runtime.sendMessage(message)) as CallAnswer | undefined;
  if (!answer || typeof answer !== 'object') throw new Error(`No answer from the background to ${method}`);
  if (!answer.ok) throw new Error(`The background ${answer.error === 'refused' ? 'refused' : 'failed'} ${method}`);
  return answer.value;
}
