import { defineBackground } from 'wxt/utils/define-background';
import { createIncidentApi } from '@/utils/api/client';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { createConnectionService } from '@/utils/connection/connection-service';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundService } from '@/utils/messaging/background-service';
import { registerMenus } from '@/utils/menus/registry';
import { createDraftSender } from '@/utils/report/send-draft';

/** How long the live connection check waits before the popup shows what it has. */
const LIVE_CHECK_TIMEOUT_MS = 8_000;

export default defineBackground(() => {
  const api = createConnectedApi({ hasHostPermission });
  const liveCheckApi = createConnectedApi({ hasHostPermission, timeoutMs: LIVE_CHECK_TIMEOUT_MS });
  registerBackgroundService({
    connection: createConnectionService({ createApi: createIncidentApi, connectedApi: liveCheckApi, hasHostPermission }),
    reports: createDraftSender(api),
  });
  // The context menus (reporting) register here, beside the service.
  registerMenus([]);
});
