import { describe, expect, it } from 'vitest';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

async function addFault(fault: Record<string, unknown>) {
  const res = await h.control('POST', 'faults', fault);
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

describe('faults', () => {
  it('adds latency and still answers normally', async () => {
    await addFault({ path: '/v1/whoami', latencyMs: 250 });
    const started = Date.now();
    const res = await h.api('/v1/whoami');
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(res.status).toBe(200);
    expect(res.body.data.clients).toHaveLength(3);
  });

  it('answers a rate limit with status, headers and body', async () => {
    await addFault({ path: '/v1/incidents', status: 429, headers: { 'Retry-After': '7' }, body: { message: 'Too many requests.' } });
    const res = await h.api('/v1/incidents?limit=1');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.body).toEqual({ message: 'Too many requests.' });
  });

  it('sends a status alone with a generic message', async () => {
    await addFault({ path: '/v1/usage', status: 503 });
    expect(await h.api('/v1/usage')).toMatchObject({ status: 503, body: { message: 'Sandbox fault: HTTP 503.' } });
  });

  it('sends malformed JSON with 200', async () => {
    await addFault({ path: '/v1/whoami', malformedJson: true });
    const res = await fetch(`${h.sbx.baseUrl}/v1/whoami`, { headers: { 'x-api-key': h.sbx.keys.managed } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    await expect(res.json()).rejects.toThrow(SyntaxError);
  });

  it('sends a raw body such as a proxy error page', async () => {
    await addFault({ path: '/v1/', status: 502, rawBody: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const res = await h.api('/v1/documents');
    expect(res).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
    expect(res.headers.get('content-type')).toBe('text/html');
  });

  it('hangs until the client gives up', async () => {
    await addFault({ path: '/v1/whoami', hang: true });
    const started = Date.now();
    const call = fetch(`${h.sbx.baseUrl}/v1/whoami`, { headers: { 'x-api-key': h.sbx.keys.managed }, signal: AbortSignal.timeout(300) });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const log = (await h.control('GET', 'requests')).body.data;
    expect(log.at(-1)).toMatchObject({ path: '/v1/whoami', status: null });
    expect(log.at(-1)).not.toHaveProperty('doneAt');
  });

  it('cuts the connection after reading the body, with no answer', async () => {
    await addFault({ path: '/v1/incident/tkd', drop: true, times: 1 });
    const call = fetch(`${h.sbx.baseUrl}/v1/incident/tkd`, { method: 'POST', headers: { 'x-api-key': h.sbx.keys.managed, 'content-type': 'application/json' }, body: '{"url":"drop.example"}' });
    await expect(call).rejects.toBeInstanceOf(TypeError);
    const log = (await h.control('GET', 'requests')).body.data;
    expect(log.at(-1)).toMatchObject({ path: '/v1/incident/tkd', status: null, bodyBytes: 22 });
  });

  it('logs when each answer was sent, after it arrived', async () => {
    await addFault({ path: '/v1/whoami', latencyMs: 120, times: 1 });
    await h.api('/v1/whoami');
    const entry = (await h.control('GET', 'requests')).body.data.at(-1);
    expect(entry).toMatchObject({ path: '/v1/whoami', status: 200 });
    expect(Date.parse(entry.doneAt) - Date.parse(entry.at)).toBeGreaterThanOrEqual(110);
  });

  it('applies only `times` times, matches method and path prefix, and never the control endpoint', async () => {
    await addFault({ method: 'POST', path: '/v1/incident/', status: 500, times: 1 });
    expect((await h.api('/v1/incidents?limit=1')).status).toBe(200);
    expect((await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://fault-once.test/' } })).status).toBe(500);
    expect((await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://fault-once.test/' } })).status).toBe(200);
    expect((await h.control('GET', 'faults')).body.data).toEqual([]);
    await addFault({ status: 500 });
    expect((await h.control('GET', 'state')).status).toBe(200);
  });

  it('decorates a real response when only headers are given', async () => {
    await addFault({ path: '/v1/whoami', headers: { 'X-RateLimit-Remaining': '0' } });
    const res = await h.api('/v1/whoami');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('clears faults with DELETE and on reset, and validates new ones', async () => {
    await addFault({ path: '/v1/whoami', status: 500 });
    await h.control('DELETE', 'faults');
    expect((await h.api('/v1/whoami')).status).toBe(200);
    await addFault({ path: '/v1/whoami', status: 500 });
    await h.control('POST', 'reset');
    expect((await h.api('/v1/whoami')).status).toBe(200);
    expect((await h.control('POST', 'faults', { status: 'nope' })).status).toBe(400);
    expect((await h.control('POST', 'faults', { path: 'v1' })).status).toBe(400);
  });
});
