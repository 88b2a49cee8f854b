import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { SandboxContext } from './context.ts';
import { createState } from './state.ts';
import { TimerSet } from './timers.ts';
import { WebhookDelivery } from './webhook-delivery.ts';
import { FaultStore } from './faults.ts';
import { RequestLog, type ReceivedBody } from './request-log.ts';

export type { ReceivedBody } from './request-log.ts';
import { sendJson } from './respond.ts';
import { handleApiRequest, sendError } from './api.ts';
import { handleControlRequest } from './control.ts';
import { handlePage } from './pages.ts';
import { DEMO_KEYS } from './seed.ts';

export { DEMO_KEYS } from './seed.ts';

/** How to start a sandbox; every field is optional. */
export interface SandboxOptions {
  /** Default 0: a random free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Multiplies webhook retry delays and the 5 s delivery timeout; default 1; tests use e.g. 0.001. */
  webhookTimeScale?: number;
  /** Silences the per-request and per-delivery console lines. */
  quiet?: boolean;
  /** Called with every API request once its whole body is read, before it is handled. */
  onRequestBody?: (received: ReceivedBody) => void;
}

/** A running sandbox. */
export interface Sandbox {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  baseUrl: string;
  keys: { managed: string; single: string };
  close(): Promise<void>;
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: SandboxContext): Promise<void> {
  const url = new URL(req.url ?? '/', ctx.baseUrl);
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, { allow: 'GET, POST, PUT, PATCH, DELETE' }).end();
  } else if (url.pathname.startsWith('/v1/')) {
    await handleApiRequest(req, res, url, ctx);
  } else if (handlePage(method, res, url, ctx)) {
    // served
  } else if (url.pathname.startsWith('/__sandbox/')) {
    await handleControlRequest(req, res, url, ctx);
  } else {
    sendJson(res, 404, { message: `Nothing at ${url.pathname}; the API lives under /v1/ and the control endpoint under /__sandbox/.` });
  }
}

/**
 * Starts an in-memory implementation of the incident API on 127.0.0.1,
 * seeded with demo data. Each call gets its own state, so parallel test
 * files do not interfere.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const timers = new TimerSet();
  const quiet = options.quiet ?? false;
  const ctx: SandboxContext = {
    state: createState(),
    baseUrl: '',
    timers,
    delivery: new WebhookDelivery({ getState: () => ctx.state, timers, timeScale: options.webhookTimeScale ?? 1, quiet }),
    faults: new FaultStore(),
    requestLog: new RequestLog(),
    fileSecret: randomBytes(32).toString('hex'),
    quiet,
    ...(options.onRequestBody ? { onRequestBody: options.onRequestBody } : {}),
  };
  const server = createServer((req, res) => {
    route(req, res, ctx).catch((error: unknown) => sendError(res, error));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  ctx.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: ctx.baseUrl,
    keys: { ...DEMO_KEYS },
    close() {
      closing ??= new Promise<void>((resolve) => {
        ctx.delivery.cancelAll();
        timers.clearAll();
        server.close(() => resolve());
        // Hanging faults and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
