import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createIncidentApi, toApiErrorInfo, type IncidentApi } from '@/utils/api';
import { stateForProblem } from '@/utils/report/outbox-state';
import { describeConnectionFailure } from '@/utils/connection/problems';
import { describeProblem } from '@/utils/problems/sentences';
import { apiWith, json, rejectionOf } from './stub-fetch';

const KEY = 'key-secret-4f2a9c81d7e6';

/** A response a browser gives for `redirect: 'manual'`: opaque, status 0 (not constructible in Node). */
function opaqueRedirect(): Response {
  return Object.defineProperties(new Response(null), {
    type: { value: 'opaqueredirect' },
    status: { value: 0 },
    ok: { value: false },
  });
}

const calls: [string, (api: IncidentApi) => Promise<unknown>][] = [
  ['whoami', (api) => api.whoami()],
  ['getIncidentBySubject', (api) => api.getIncidentBySubject('evil.example')],
  ['reportForTakedown (JSON)', (api) => api.reportForTakedown({ url: 'evil.example' })],
  ['attachFiles (multipart)', (api) => api.attachFiles('i1', [new File(['x'], 'shot.png', { type: 'image/png' })])],
  ['createWebhook', (api) => api.createWebhook({ url: 'https://h.example', events: ['incident.created'] })],
];

describe('redirects are never followed', () => {
  it.each(calls)('%s asks fetch not to follow a redirect', async (_name, call) => {
    const { api, requests } = apiWith(() => json({ message: 'OK' }, { status: 500 }));

    await rejectionOf(call(api));

    expect(requests).toHaveLength(1);
    expect(requests[0]?.redirect).toBe('manual');
  });

  it.each([301, 302, 303, 307, 308])('a %i answer is refused as a redirect, with the status', async (status) => {
    const { api } = apiWith(() => new Response(null, { status, headers: { location: 'https://elsewhere.example/v1/whoami' } }));

    expect(toApiErrorInfo(await rejectionOf(api.whoami()))).toEqual({ kind: 'invalid_request', refusal: 'redirected', status });
  });

  it("a browser's opaque redirect is refused as a redirect", async () => {
    const { api } = apiWith(opaqueRedirect);

    expect(toApiErrorInfo(await rejectionOf(api.whoami()))).toEqual({ kind: 'invalid_request', refusal: 'redirected' });
  });

  it.each([200, 304, 404, 500])('a %i answer is not taken for a redirect', async (status) => {
    const { api } = apiWith(() => json({ message: 'x', data: { clients: [] } }, { status }));

    const info = toApiErrorInfo(await rejectionOf(api.getIncident('i1')));

    expect(info.refusal).not.toBe('redirected');
  });

  it('says why, names the URL field, and a report that met one is failed (it never reached the service)', () => {
    const problem = { kind: 'invalid_request', refusal: 'redirected', status: 307 } as const;

    expect(describeProblem(problem)).toBe('The service address redirected to another address; check the URL. (Redirects are not followed, so the API key is never sent elsewhere.)');
    expect(describeConnectionFailure(problem, 'https://api.example')).toEqual({ field: 'baseUrl', problem });
    expect(stateForProblem(problem)).toBe('failed');
  });
});

describe('over HTTP: a service address that redirects to another origin', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it.each([307, 308, 302])('%i: the other origin never sees the key, nor any request', async (status) => {
    const seen: IncomingHttpHeaders[] = [];
    const target = await listen((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'OK', data: { clients: [] } }));
    });
    const service = await listen((request, response) => {
      response.writeHead(status, { location: `${target}${request.url ?? '/'}` }).end();
    });
    const api = createIncidentApi({ baseUrl: service, apiKey: KEY });

    const info = toApiErrorInfo(await rejectionOf(api.reportForTakedown({ url: 'evil.example' })));

    expect(info).toEqual({ kind: 'invalid_request', refusal: 'redirected', status });
    expect(seen).toEqual([]);
  });
});
