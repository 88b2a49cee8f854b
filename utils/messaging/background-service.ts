import { createProxyService, registerService, type ProxyServiceKey } from '@webext-core/proxy-service';
import type { ConnectionService } from '../connection/connection-service';
import type { DraftSender } from '../report/send-draft';

/**
 * Everything the popup and options page may ask the background for, as one
 * typed service: pages call its methods as if it were local; the background
 * registers the implementation. No method answers with the API key.
 */
export interface BackgroundService {
  connection: ConnectionService;
  /** Sends report drafts a page saved in IndexedDB (utils/storage/drafts.ts); only the draft id crosses messaging. */
  reports: DraftSender;
}

const BACKGROUND_SERVICE = 'takedown-reporter.background' as ProxyServiceKey<BackgroundService>;

/** In the background: answers the pages' calls; register synchronously when the worker starts. */
export function registerBackgroundService(service: BackgroundService): void {
  registerService(BACKGROUND_SERVICE, service);
}

/** In a page: the background service, called through runtime messaging. */
export function getBackgroundService() {
  return createProxyService(BACKGROUND_SERVICE);
}
