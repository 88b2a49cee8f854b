import { createIncidentApi } from '@/utils/api/client';
import { createAccountService } from '@/utils/account/account-service';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { createConnectionService } from '@/utils/connection/connection-service';
import { startBackgroundReporting } from '@/utils/background/reporting';
import { mirrorManagedPolicy, watchManagedPolicy } from '@/utils/settings/managed';
import { readSettings, watchSettings } from '@/utils/settings/settings';
import { startNavigationKeeper } from '@/utils/navigation/navigation-keeper';
import { startStatusRefresh } from '@/utils/background/status';
import { createIncidentService } from '@/utils/incidents/incident-service';
import { recordIncidentAction } from '@/utils/report/action-record';
import { createWebhookService } from '@/utils/webhooks/webhook-service';
import type { BackgroundService } from '@/utils/messaging/background-service';
import type { StartChores } from '@/utils/background/start-chores';

/** How long the live connection check waits before the popup shows what it has. */
const LIVE_CHECK_TIMEOUT_MS = 8_000;

export interface BackgroundDeps {
  /** Whether the extension holds the host permission for a match pattern. */
  hasHostPermission(pattern: string): Promise<boolean>;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  /** Shorter waits for an answer that never comes (the sandbox build: the fault matrix's hung cells end in seconds). */
  timeouts?: { requestMs: number; uploadMs: number };
  /** When the start's chores run (start-chores.ts). */
  chores: StartChores;
}

// The one place that knows every background service: what the worker answers
// the pages with, built on one client of the saved connection. The pages'
// side of the boundary is utils/messaging.

/**
 * Creates everything the service worker answers the pages with, on one
 * client of the saved connection, and starts its listeners (alarms,
 * notifications). One function, so a test builds exactly what runs.
 */
export function startBackgroundServices(deps: BackgroundDeps): BackgroundService {
  const { hasHostPermission, chores } = deps;
  const fetchOption = deps.fetch ? { fetch: deps.fetch } : {};
  const timeouts = deps.timeouts ? { timeoutMs: deps.timeouts.requestMs, uploadTimeoutMs: deps.timeouts.uploadMs } : {};
  const api = createConnectedApi({ hasHostPermission, ...fetchOption, ...timeouts });
  const liveCheckApi = createConnectedApi({ hasHostPermission, timeoutMs: LIVE_CHECK_TIMEOUT_MS, ...fetchOption });
  const connection = createConnectionService({ createApi: (options) => createIncidentApi({ ...options, ...fetchOption }), connectedApi: liveCheckApi, hasHostPermission });
  // The organisation's policy: copied for the pages, and its connection
  // applied, as a start chore and whenever it changes.
  const applyPolicy = () => void mirrorManagedPolicy().then(() => connection.applyManaged());
  chores.add(applyPolicy);
  watchManagedPolicy(applyPolicy);
  return {
    connection,
    reports: startBackgroundReporting(api, chores),
    incidents: createIncidentService(api, recordIncidentAction),
    status: startStatusRefresh(api, chores),
    account: createAccountService(api),
    webhooks: createWebhookService(api),
  };
}

/**
 * Starts the keeper of how each tab reached its page (issue 41), listening
 * only while "Record how I reached each page" is on and its permission held.
 * Called in the worker's first turn: the navigation that woke it is heard.
 * Whether it records is decided by the first navigation or as a start chore.
 */
export function startNavigationRecording(chores: StartChores): void {
  const keeper = startNavigationKeeper({ isOn: async () => (await readSettings()).recordNavigation, watch: (changed) => void watchSettings(changed) });
  chores.add(() => void keeper.recording());
}
