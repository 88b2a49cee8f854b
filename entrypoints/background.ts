import { defineBackground } from 'wxt/utils/define-background';
import { createIncidentApi } from '@/utils/api/client';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { createConnectionService } from '@/utils/connection/connection-service';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundService } from '@/utils/messaging/background-service';

/** How long the live connection check waits before the popup shows what it has. */
const LIVE_CHECK_TIMEOUT_MS = 8_000;

export default defineBackground(() => {
  const connectedApi = createConnectedApi({ hasHostPermission, timeoutMs: LIVE_CHECK_TIMEOUT_MS });
  const connection = createConnectionService({ createApi: createIncidentApi, connectedApi, hasHostPermission });
  registerBackgroundService({ connection });
});
