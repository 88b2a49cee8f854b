import { defineBackground } from 'wxt/utils/define-background';
import { createIncidentApi } from '@/utils/api/client';
import { createConnectionService } from '@/utils/connection/connection-service';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundHandlers } from '@/utils/messaging/background-handlers';

export default defineBackground(() => {
  const connection = createConnectionService({ createApi: createIncidentApi, hasHostPermission });
  registerBackgroundHandlers(connection);
});
