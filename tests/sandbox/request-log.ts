import type { IncomingMessage } from 'node:http';
import { nowIso } from './clock.ts';

/** One API request, as GET /__sandbox/requests lists it. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  contentType: string | null;
  /** Lower-cased names; x-api-key reduced to its last 4 characters. */
  headers: Record<string, string>;
  bodyBytes: number;
  /** null until the response is sent (and forever for a hanging fault). */
  status: number | null;
  faultId?: string;
  at: string;
  /** When the response was sent (absent while the request is open): with `at`, how many were open at once. */
  doneAt?: string;
}

/** An API request whose body has been read in full, before any handler runs. */
export interface ReceivedBody {
  method: string;
  path: string;
  contentType: string | null;
  body: Buffer;
  /** `performance.now()` of this process when the last byte was read. */
  receivedAt: number;
}

/** Keeps the log bounded so a long CLI session does not grow without end. */
const MAX_ENTRIES = 2_000;

function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return out;
}

function maskedHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
    out[name] = name === 'x-api-key' ? text.slice(-4) : text;
  }
  return out;
}

/** The request log of the control endpoint. */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];

  /** Records a request as it arrives; the caller fills bodyBytes and status later. */
  start(req: IncomingMessage, url: URL): LoggedRequest {
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: queryObject(url.searchParams),
      contentType: req.headers['content-type'] ?? null,
      headers: maskedHeaders(req),
      bodyBytes: 0,
      status: null,
      at: nowIso(),
    };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    return entry;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.length = 0;
  }
}
