import { browser } from 'wxt/browser';
import type { AccountService } from '../account/account-service';
import type { ConnectionService } from '../connection/connection-service';
import type { ReportService } from '../report/report-service';
import type { IncidentService } from '../incidents/incident-service';
import type { StatusService } from '../incidents/status-service';
import type { WebhookService } from '../webhooks/webhook-service';
import { CALL_CHANNEL, type CallAnswer, type CallMessage } from './protocol';
import type { RoutedPath } from './routes';

/**
 * Everything the popup and options page may ask the background for, as one
 * typed service: pages call its methods as if it were local; the background
 * registers the implementation. No method answers with the API key.
 */
export interface BackgroundService {
  connection: ConnectionService;
  /** Reporting: drafts live in IndexedDB (utils/storage/reports-db.ts); only ids cross messaging. */
  reports: ReportService;
  /** Incident lookups by subject or id, answered with the full incident. */
  incidents: IncidentService;
  /** Background status refresh of followed incidents. */
  status: StatusService;
  /** Credits, users and documents of the account. */
  account: AccountService;
  /** Webhook subscriptions. */
  webhooks: WebhookService;
}

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
