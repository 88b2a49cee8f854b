import { createIncidentApi, type IncidentApiOptions } from '@/utils/api';

export type Respond = (request: Request, index: number) => Response | Promise<Response>;

/** A fetch that records every request and answers with `respond`. */
export function stubFetch(respond: Respond) {
  const requests: Request[] = [];
  // Held for the stub's lifetime, as a browser holds a request in flight: a
  // Request follows its init's signal through a weak reference only, so an
  // unreferenced one could be collected and never hear its abort.
  const sent: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(request);
    // A clone, so a test can read the body after the client is done with the request.
    requests.push(request.clone());
    return respond(request, requests.length - 1);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** A JSON response. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

/** A client against a stub fetch; `requests` records what it sent. */
export function apiWith(respond: Respond, options: Partial<IncidentApiOptions> = {}) {
  const { fetch, requests } = stubFetch(respond);
  const api = createIncidentApi({ baseUrl: 'https://api.example', apiKey: 'key-123', fetch, ...options });
  return { api, requests };
}

/** Awaits a promise expected to reject and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
