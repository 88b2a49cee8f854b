import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ConnectionStatus, SaveConnectionResult } from '../connection/types';

/**
 * Everything the popup and options page may ask the background for. The
 * background alone holds the API key and talks to the service; no message
 * answers with the key.
 */
export interface BackgroundProtocol {
  /** The saved connection; `live` checks it against the service first. */
  getConnection(data: { live: boolean }): ConnectionStatus;
  /** Verifies URL and key with the service and saves them only if that works. `apiKey` omitted keeps the saved key. */
  saveConnection(data: { baseUrl: string; apiKey?: string }): SaveConnectionResult;
  /** Removes the key and the connection. */
  forgetConnection(): ConnectionStatus;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<BackgroundProtocol>();
