import type { SandboxState } from './state.ts';
import type { TimerSet } from './timers.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';
import type { FaultStore } from './faults.ts';
import type { ReceivedBody, RequestLog } from './request-log.ts';

/** Everything a handler may touch, for one sandbox instance. */
export interface SandboxContext {
  state: SandboxState;
  /** e.g. http://127.0.0.1:41234 — known once the server listens. */
  baseUrl: string;
  timers: TimerSet;
  delivery: WebhookDelivery;
  faults: FaultStore;
  requestLog: RequestLog;
  /** Signs document download links; new per instance. */
  fileSecret: string;
  quiet: boolean;
  /** Told of every API request once its whole body is read (`npm run bench` times reports by it). */
  onRequestBody?: (received: ReceivedBody) => void;
}
