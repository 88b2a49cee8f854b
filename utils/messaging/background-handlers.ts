import { onMessage } from './protocol';
import type { ConnectionService } from '../connection/connection-service';

/** Answers the UI's messages; registered synchronously when the worker starts. */
export function registerBackgroundHandlers(connection: ConnectionService): void {
  onMessage('getConnection', ({ data }) => connection.getStatus(data));
  onMessage('saveConnection', ({ data }) => connection.save(data));
  onMessage('forgetConnection', () => connection.forget());
}
