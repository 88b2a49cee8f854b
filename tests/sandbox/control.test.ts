import { describe, expect, it } from 'vitest';
import { startSandbox } from './server.ts';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

async function idWithStatus(status: string): Promise<string> {
  return (await h.api(`/v1/incidents?status=${status}&clientId=cl_acme`)).body.data[0].id;
}

async function detail(id: string) {
  return (await h.api(`/v1/incident/${encodeURIComponent(id)}`)).body.data;
}

describe('request log', () => {
  it('records API requests with a masked key, and not control requests', async () => {
    await h.api('/v1/incidents?limit=2&status=closed');
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://logged.test/' } });
    const log = (await h.control('GET', 'requests')).body.data;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ method: 'GET', path: '/v1/incidents', query: { limit: '2', status: 'closed' }, contentType: null, bodyBytes: 0, status: 200 });
    expect(log[0].headers['x-api-key']).toBe('0001');
    expect(log[1]).toMatchObject({
      method: 'POST',
      path: '/v1/incident/tkd',
      contentType: 'application/json',
      bodyBytes: Buffer.byteLength(JSON.stringify({ url: 'https://logged.test/' })),
      status: 200,
    });
    expect(log[1].at).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.\d{3}Z$/);
    await h.control('DELETE', 'requests');
    expect((await h.control('GET', 'requests')).body.data).toEqual([]);
  });
});

describe('state and reset', () => {
  it('dumps incidents with attachments and resets to the seed', async () => {
    const before = (await h.control('GET', 'state')).body.data;
    expect(before.incidents).toHaveLength(68);
    expect(before.incidents[0].attachments).toEqual([]);
    expect(before.webhooks).toHaveLength(1);
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://reset-me.test/' } });
    expect((await h.control('GET', 'state')).body.data.incidents).toHaveLength(69);
    await h.control('POST', 'reset');
    const after = (await h.control('GET', 'state')).body.data;
    expect(after.incidents.map((i: { id: string }) => i.id)).toEqual(before.incidents.map((i: { id: string }) => i.id));
  });

  it('gives every instance its own state', async () => {
    const other = await startSandbox({ quiet: true });
    try {
      await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://only-here.test/' } });
      const res = await fetch(`${other.baseUrl}/v1/incident/subject/${encodeURIComponent('https://only-here.test/')}`, { headers: { 'x-api-key': other.keys.managed } });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('incident controls', () => {
  it('sets a status with a Service System line and takedown stamps', async () => {
    const id = await idWithStatus('case_building');
    const res = await h.control('POST', `incidents/${encodeURIComponent(id)}/status`, { status: 'takedown_success' });
    expect(res.status).toBe(200);
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'takedown_success', takedownTimestamp: expect.any(String) });
    expect(d.history[0]).toMatchObject({ author: 'Service System', message: 'Status changed to takedown_success.' });
    expect(d.lastHistoryUpdateTimestamp).toBe(d.history[0].timestamp);
    expect((await h.control('POST', `incidents/${encodeURIComponent(id)}/status`, { status: 'bogus' })).status).toBe(400);
    expect((await h.control('POST', 'incidents/nope/status', { status: 'closed' })).status).toBe(404);
  });

  it('adds history, blocklist listings (oldest first) and insights', async () => {
    const id = await idWithStatus('pending_review');
    await h.control('POST', `incidents/${encodeURIComponent(id)}/history`, {
      message: 'Hosting provider contacted.',
      authorDetails: { type: 'operator', clientId: null, email: null, automated: false },
    });
    await h.control('POST', `incidents/${encodeURIComponent(id)}/blocklists`, { authority: 'NewFeed', type: 'blocklist', status: 'submitted' });
    await h.control('POST', `incidents/${encodeURIComponent(id)}/blocklists`, { authority: 'Old Feed', status: 'listed', listedAt: '2025-01-01T00:00:00.000Z', link: 'https://feed.example/1' });
    await h.control('PUT', `incidents/${encodeURIComponent(id)}/insights`, { dns: { recordTypes: ['A'], recordCounts: { A: 1 } } });
    const d = await detail(id);
    expect(d.history.map((e: { message: string }) => e.message).slice(0, 3)).toEqual(['Listed by Old Feed.', 'Submitted to NewFeed.', 'Hosting provider contacted.']);
    expect(d.history[2]).toMatchObject({ author: 'Service', authorDetails: { type: 'operator' } });
    expect(d.blocklists.map((b: { authority: string }) => b.authority)).toEqual(['Old Feed', 'NewFeed']);
    expect(d.blocklists[1].listedAt).toBeNull();
    expect(d.insights).toEqual({ snapshotTimestamp: expect.any(String), dns: { recordTypes: ['A'], recordCounts: { A: 1 } } });
    await h.control('DELETE', `incidents/${encodeURIComponent(id)}/insights`);
    expect((await detail(id)).insights).toBeUndefined();
  });

  it('starts and resolves takedown attempts', async () => {
    const id = await idWithStatus('takedown_ready');
    await h.control('POST', `incidents/${encodeURIComponent(id)}/takedown-attempts`, {});
    expect(await detail(id)).toMatchObject({ status: 'takedown_in_progress', burnStartedTimestamp: expect.any(String) });
    await h.control('POST', `incidents/${encodeURIComponent(id)}/takedown-attempts`, { outcome: 'success' });
    expect((await detail(id)).status).toBe('takedown_success');
    const res = (await h.api('/v1/incidents/resolutions?clientId=cl_acme')).body.data.find((r: { id: string }) => r.id === id);
    expect(res.takedownAttempts).toEqual([{ startedAt: expect.any(String), resolvedAt: expect.any(String), outcome: 'success' }]);
  });

  it('requests client action, patches fields and creates service-detected incidents', async () => {
    const id = await idWithStatus('case_building');
    await h.control('POST', `incidents/${encodeURIComponent(id)}/action-required`, { reason: 'Need evidence.' });
    expect(await detail(id)).toMatchObject({ status: 'action_required' });
    await h.control('PATCH', `incidents/${encodeURIComponent(id)}`, { hostingProvider: 'New Host', registrar: null });
    const patched = await detail(id);
    expect(patched.hostingProvider).toBe('New Host');
    expect(patched.registrar).toBeUndefined();
    const created = await h.control('POST', 'incidents', { clientId: 'cl_acme_bank', subject: 'detected.test', domain: 'detected.test', incidentType: 'domain' });
    expect(created.status).toBe(201);
    expect(await detail(created.body.data.id)).toMatchObject({ source: 'SERVICE_DETECTED', clientId: 'cl_acme_bank', status: 'pending_review' });
  });

  it('serves a 404 dashboard page for an unknown incident', async () => {
    const res = await fetch(`${h.sbx.baseUrl}/dashboard/incidents/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Incident not found');
  });
});

describe('ids', () => {
  it('are never given twice, even for thousands of records (numeric ids have 900,000 values)', async () => {
    const { uniqueId } = await import('./ids.ts');
    const taken = new Set<string>();
    for (let index = 0; index < 3000; index += 1) taken.add(uniqueId('numeric', (id) => taken.has(id)));
    expect(taken.size).toBe(3000);
  });
});
