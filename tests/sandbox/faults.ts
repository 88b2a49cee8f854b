import type { ServerResponse } from 'node:http';
import { badRequest } from './http-error.ts';
import { sendJson, sendRaw } from './respond.ts';

/** What POST /__sandbox/faults accepts. */
export interface FaultSpec {
  method?: string;
  /** Prefix of the pathname, e.g. "/v1/whoami". */
  path?: string;
  status?: number;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  latencyMs?: number;
  malformedJson?: boolean;
  hang?: boolean;
  /** The connection is cut after the request's body was read: no answer at all. */
  drop?: boolean;
  /** How many matching requests it applies to; unlimited when absent. */
  times?: number;
}

/** A stored fault with its bookkeeping. */
export interface Fault extends FaultSpec {
  id: string;
  hits: number;
}

const MALFORMED_JSON = '{"message":"OK","data":[{"id":"inc_trunc';

function check(ok: boolean, message: string): void {
  if (!ok) throw badRequest(message);
}

/** Validates a fault body from the control endpoint. */
export function parseFaultSpec(body: Record<string, unknown>): FaultSpec {
  const { method, path, status, rawBody, headers, latencyMs, malformedJson, hang, drop, times } = body;
  check(method === undefined || typeof method === 'string', 'method must be a string.');
  check(path === undefined || (typeof path === 'string' && path.startsWith('/')), 'path must be a pathname prefix starting with "/".');
  check(status === undefined || (Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599), 'status must be an HTTP status code.');
  check(rawBody === undefined || typeof rawBody === 'string', 'rawBody must be a string.');
  check(headers === undefined || (typeof headers === 'object' && headers !== null && Object.values(headers).every((v) => typeof v === 'string')), 'headers must map names to strings.');
  check(latencyMs === undefined || (typeof latencyMs === 'number' && latencyMs >= 0), 'latencyMs must be a non-negative number.');
  check(malformedJson === undefined || typeof malformedJson === 'boolean', 'malformedJson must be a boolean.');
  check(hang === undefined || typeof hang === 'boolean', 'hang must be a boolean.');
  check(drop === undefined || typeof drop === 'boolean', 'drop must be a boolean.');
  check(times === undefined || (Number.isInteger(times) && (times as number) >= 1), 'times must be a positive integer.');
  return body as FaultSpec;
}

/** True when the fault sends its own response instead of decorating the real one. */
export function replacesResponse(fault: FaultSpec): boolean {
  return fault.status !== undefined || fault.body !== undefined || fault.rawBody !== undefined || fault.malformedJson === true;
}

/** Ordered faults; the first match wins and uses up one of its `times`. */
export class FaultStore {
  readonly list: Fault[] = [];
  private counter = 0;

  /** Adds a fault and returns it. */
  add(spec: FaultSpec): Fault {
    this.counter += 1;
    const fault: Fault = { ...spec, id: `fault_${this.counter}`, hits: 0 };
    this.list.push(fault);
    return fault;
  }

  /** Removes every fault. */
  clear(): void {
    this.list.length = 0;
  }

  /** Returns the fault for this request, if any, and counts the hit. Only /v1/ routes get faults. */
  take(method: string, pathname: string): Fault | undefined {
    if (!pathname.startsWith('/v1/')) return undefined;
    const index = this.list.findIndex((f) => (!f.method || f.method.toUpperCase() === method) && (!f.path || pathname.startsWith(f.path)));
    const fault = this.list[index];
    if (!fault) return undefined;
    fault.hits += 1;
    if (fault.times !== undefined && fault.hits >= fault.times) this.list.splice(index, 1);
    return fault;
  }
}

/** Writes the response a replacing fault describes. */
export function sendFaultResponse(res: ServerResponse, fault: FaultSpec): void {
  const headers = fault.headers ?? {};
  if (fault.malformedJson) {
    sendRaw(res, fault.status ?? 200, MALFORMED_JSON, { 'content-type': 'application/json; charset=utf-8', ...headers });
  } else if (fault.rawBody !== undefined) {
    sendRaw(res, fault.status ?? 200, fault.rawBody, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  } else if (fault.body !== undefined) {
    sendJson(res, fault.status ?? 200, fault.body, headers);
  } else {
    sendJson(res, fault.status ?? 500, { message: `Sandbox fault: HTTP ${fault.status ?? 500}.` }, headers);
  }
}
