import type { ServerResponse } from 'node:http';

/** A response a handler returns; the server writes it. */
export interface HandlerResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as it is instead of `body` as JSON (answer variants: text, empty). */
  raw?: string;
}

/** Shorthand for a 200 (or other) JSON result. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): HandlerResult {
  return headers ? { status, body, headers } : { status, body };
}

/** A non-JSON result: the text as it is (empty for an empty body). */
export function text(raw: string, status = 200): HandlerResult {
  return { status, body: undefined, raw, headers: raw ? { 'content-type': 'text/plain; charset=utf-8' } : {} };
}

/**
 * Writes raw bytes; header names are matched case-insensitively. No CORS
 * headers: the real service's are not shown, and the extension must reach it
 * through its host permission, which the end-to-end tests then really check.
 */
export function sendRaw(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  merged['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, merged);
  res.end(body);
}

/** Writes a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendRaw(res, status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
}
