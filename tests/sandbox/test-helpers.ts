import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from './server.ts';

/** A parsed response: status, headers and the JSON body (or the raw text when it is not JSON). */
interface Reply {
  status: number;
  headers: Headers;
  // Tests read arbitrary JSON; the sandbox's own shapes are what is under test.
  body: any;
}

/** The handle a test file gets: the running sandbox plus two small fetch wrappers. */
export interface Harness {
  readonly sbx: Sandbox;
  /** Calls the API with the managed key unless `key` says otherwise (null sends none). */
  api(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Reply>;
  /** Calls the control endpoint under /__sandbox/. */
  control(method: string, path: string, body?: unknown): Promise<Reply>;
}

async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

/** Starts one sandbox for the file, and resets it to the seed before each test. */
export function useSandbox(options: SandboxOptions = {}): Harness {
  let sbx: Sandbox | undefined;
  const current = (): Sandbox => {
    if (!sbx) throw new Error('sandbox not started');
    return sbx;
  };
  beforeAll(async () => {
    sbx = await startSandbox({ quiet: true, ...options });
  });
  afterAll(async () => {
    await sbx?.close();
  });
  const harness: Harness = {
    get sbx() {
      return current();
    },
    async api(path, init = {}) {
      const { key, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      const apiKey = key === undefined ? current().keys.managed : key;
      if (apiKey !== null) headers.set('x-api-key', apiKey);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const body = json !== undefined ? JSON.stringify(json) : rest.body;
      return toReply(await fetch(current().baseUrl + path, { ...rest, headers, body }));
    },
    async control(method, path, body) {
      const init: RequestInit = { method };
      if (body !== undefined) init.body = JSON.stringify(body);
      if (body !== undefined) init.headers = { 'content-type': 'application/json' };
      return toReply(await fetch(`${current().baseUrl}/__sandbox/${path.replace(/^\//, '')}`, init));
    },
  };
  beforeEach(async () => {
    await harness.control('POST', 'reset');
  });
  return harness;
}

/** Waits until `check` returns a value other than undefined, polling every 10 ms. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
