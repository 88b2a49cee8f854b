import type { SavedConnection } from '@/utils/storage/connection-types';

/** The saved key every test hunts for. */
export const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
/** A connection saved with KEY. */
export const SAVED: SavedConnection = {
  baseUrl: 'https://api.example.com',
  origin: 'https://api.example.com',
  keyHint: '••••b1a0',
  clients: [{ id: 'cl_acme', name: 'Acme', active: true }],
  clientsSource: 'clients',
  skippedClients: 0,
  verifiedAt: '2026-11-22T10:00:00.000Z',
};

/** Answers every request with one of the service's shapes: successes and errors, some whose message repeats the key it was sent. */
export function answering(pick: () => number) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const key = request.headers.get('x-api-key') ?? '';
    const answers = [
      () => Response.json({ message: 'OK', data: [] }),
      () => Response.json({ message: 'OK', data: { id: 'inc_1', status: 'pending_review' } }),
      () => Response.json({ message: 'Created.', id: 'inc_2', url: 'https://dash.example/inc_2' }),
      // Successes that quote the key, as sent and encoded (issue 39).
      () => Response.json({ message: `Accepted for key ${key}.`, id: 'inc_3', url: 'https://dash.example/inc_3', data: { message: `Key ${encodeURIComponent(key)}` } }),
      () => Response.json({ message: `Key ${btoa(key)} verified.`, data: [{ id: 'cl_acme', name: `Acme (${key})` }] }),
      () => Response.json({ message: `Invalid API key: ${key}` }, { status: 401 }),
      () => Response.json({ error: { message: `Key ${key} may not act for this client.` } }, { status: 403 }),
      () => new Response(`<h1>Bad request for key ${key}</h1>`, { status: 400 }),
      () => Response.json({ message: `Rate limited (${key})` }, { status: 429, headers: { 'retry-after': '30' } }),
      () => Response.json({ message: 'Not found.' }, { status: 404 }),
      () => new Response('', { status: 500 }),
    ];
    return answers[pick() % answers.length]!();
  };
}
