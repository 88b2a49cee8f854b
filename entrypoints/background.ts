import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createIncidentApi } from '@/utils/api/client';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { createConnectionService } from '@/utils/connection/connection-service';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundService } from '@/utils/messaging/background-service';
import { registerMenus } from '@/utils/menus/registry';
import { handleCommand, reportMenuEntries } from '@/utils/menus/report-menu';
import { notifyProblem, startBackgroundReporting } from '@/utils/report/background-reporting';
import { createIncidentService } from '@/utils/status/incident-lookup';
import { startStatusRefresh } from '@/utils/status/background-status';
import { createAccountService } from '@/utils/account/account-service';
import { createWebhookService } from '@/utils/webhooks/webhook-service';

/** How long the live connection check waits before the popup shows what it has. */
const LIVE_CHECK_TIMEOUT_MS = 8_000;

export default defineBackground(() => {
  const api = createConnectedApi({ hasHostPermission });
  const liveCheckApi = createConnectedApi({ hasHostPermission, timeoutMs: LIVE_CHECK_TIMEOUT_MS });
  const reports = startBackgroundReporting(api);
  const status = startStatusRefresh(api);
  registerBackgroundService({
    connection: createConnectionService({ createApi: createIncidentApi, connectedApi: liveCheckApi, hasHostPermission }),
    reports,
    incidents: createIncidentService(api),
    status,
    account: createAccountService(api),
    webhooks: createWebhookService(api),
  });
  const menuClick = registerMenus(reportMenuEntries(reports, notifyProblem), (error) => console.error('Menu report failed', error));
  const command = (name: string, tab?: Parameters<typeof handleCommand>[2]) => handleCommand(reports, name, tab, notifyProblem);
  browser.commands.onCommand.addListener((name, tab) => void command(name, tab));
  // Test-only build: Playwright cannot click a native menu, press a browser
  // shortcut or wait for an alarm, so it calls what those listeners call.
  if (import.meta.env.MODE === 'sandbox') Object.assign(globalThis, { takedownReporterTest: { menuClick, command, refresh: status.refresh } });
});
