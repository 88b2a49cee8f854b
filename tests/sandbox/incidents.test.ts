import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './server.ts';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

interface Item {
  id: string;
  status: string;
  timestamp: string;
  incidentType: string;
  url?: string;
  subject?: string;
  [k: string]: unknown;
}

async function allItems(): Promise<Item[]> {
  return (await h.api('/v1/incidents')).body.data as Item[];
}

describe('GET /v1/incidents', () => {
  it('pages with the cursor to the end, newest first, with no repeats', async () => {
    const first = await h.api('/v1/incidents?limit=5&includeTotal=true');
    const total = first.body.paging.total as number;
    expect(total).toBe(51);
    const seen: Item[] = [];
    let res = first;
    let pages = 0;
    for (;;) {
      pages += 1;
      expect(res.status).toBe(200);
      expect(res.body.paging.limit).toBe(5);
      expect(res.body.paging.count).toBe(res.body.data.length);
      seen.push(...res.body.data);
      const next = res.body.paging.next as string | null;
      if (next === null) break;
      expect(res.body.paging.cursor).toBe(next);
      res = await h.api(`/v1/incidents?limit=5&cursor=${encodeURIComponent(next)}`);
      expect(res.body.paging.total).toBeUndefined();
    }
    expect(pages).toBe(Math.ceil(total / 5));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((i) => i.id)).size).toBe(total);
    const times = seen.map((i) => i.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('defaults to a 5000 page and returns everything in one go', async () => {
    const res = await h.api('/v1/incidents');
    expect(res.body.paging).toMatchObject({ limit: 5000, count: 51, next: null });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['includeTotal=yes', 'includeTotal'],
    ['status=on_fire', 'status'],
    ['fromDate=yesterday', 'fromDate'],
    ['cursor=not-an-id', 'cursor'],
  ])('?%s → 400 naming %s', async (query, field) => {
    const res = await h.api(`/v1/incidents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('filters by status, dates and incidentType', async () => {
    const approval = await h.api('/v1/incidents?status=approval_required');
    expect(approval.body.data).toHaveLength(3);
    expect(approval.body.data.every((i: Item) => i.status === 'approval_required')).toBe(true);
    const recent = await h.api('/v1/incidents?fromDate=2026-01-18T00:00:00.000Z&clientId=cl_acme');
    expect(recent.body.data.map((i: Item) => i.incidentType).sort()).toEqual(['email', 'page', 'social']);
    const phones = await h.api('/v1/incidents?incidentType=phone');
    expect(phones.body.data.map((i: Item) => i.subject).sort()).toEqual(['+442079460100', '+442079460101', '+442079460102']);
  });

  it('seeds every status, open-set types and classes, and varied id formats', async () => {
    const items = await allItems();
    expect(new Set(items.map((i) => i.status)).size).toBe(11);
    expect(items.map((i) => i.incidentType)).toEqual(expect.arrayContaining(['page', 'domain', 'email', 'phone', 'ip_address', 'ipv4', 'social', 'qr_code']));
    expect(items.some((i) => i.incidentClass === 'cryptojacking')).toBe(true);
    expect(items.some((i) => i.incidentClass === 'other' && i.threatTaxonomy === undefined)).toBe(true);
    expect(items.some((i) => /^\d+$/.test(i.id))).toBe(true);
    expect(items.some((i) => /^[0-9a-f]{8}-[0-9a-f]{4}-4/.test(i.id))).toBe(true);
    expect(items.some((i) => i.id.startsWith('inc_'))).toBe(true);
    expect(items.every((i) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(i.timestamp))).toBe(true);
    const withTaxonomy = items.find((i) => i.threatTaxonomy !== undefined);
    expect(Object.keys(withTaxonomy?.threatTaxonomy as object).sort()).toEqual(['description', 'name']);
  });
});

describe('GET /v1/incident/{id}', () => {
  it('returns the detailed form: expanded taxonomy, newest-first history, signals', async () => {
    const rich = (await allItems()).find((i) => i.status === 'takedown_success' && i.clientId === 'cl_acme');
    const res = await h.api(`/v1/incident/${encodeURIComponent(rich?.id ?? '')}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.threatTaxonomy.incidentTargetType).toEqual({ id: 'tt_customers', name: 'Customers', description: "Targets the client's customers" });
    const stamps = d.history.map((e: { timestamp: string }) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(d.history.map((e: { author: string }) => e.author)).toEqual(expect.arrayContaining(['Service System', 'Service', 'Client (alice@acme.example)', 'Client (Client)']));
    expect(Object.keys(d.insights).sort()).toEqual(['certificate', 'dns', 'hosting', 'indicators', 'page', 'snapshotTimestamp', 'whois']);
    expect(d.blocklists.map((b: { status: string; listedAt: string | null }) => [b.status, b.listedAt === null])).toEqual([
      ['listed', false],
      ['listed', false],
      ['submitted', true],
      ['submitted', true],
    ]);
    expect('link' in d.blocklists[2]).toBe(false);
    expect(d.blocklists[3].link).toBeNull();
    expect(d.registrar.name).toBe('NameCheap, Inc.');
    expect(d.incidentState.contentRemoved).toBe(true);
  });

  it('omits insights where nothing was captured', async () => {
    const plain = (await allItems()).find((i) => i.status === 'pending_review' && i.incidentType === 'page');
    const res = await h.api(`/v1/incident/${encodeURIComponent(plain?.id ?? '')}`);
    expect(res.body.data.insights).toBeUndefined();
    expect(res.body.data.blocklists).toEqual([]);
  });

  it('404s an unknown id', async () => {
    const res = await h.api('/v1/incident/inc_doesNotExist');
    expect(res).toMatchObject({ status: 404, body: { message: 'Incident not found.' } });
  });
});

describe('GET /v1/incident/subject/{subject}', () => {
  it('finds an incident by a whole URL sent as one encoded segment', async () => {
    const url = 'https://acme-secure-login.test/account/verify?session=8841';
    const res = await h.api(`/v1/incident/subject/${encodeURIComponent(url)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe(url);
    expect(res.body.data.clientId).toBe('cl_acme');
  });

  it.each([
    ['email', 'refunds@acmebank-billing.test', 'email'],
    ['phone', '+442079460101', 'phone'],
    ['ipv4', '203.0.113.11', 'ip_address'],
    ['bare domain', 'acmebank-support-desk.test', 'domain'],
  ])('resolves a %s subject', async (_kind, subject, type) => {
    const res = await h.api(`/v1/incident/subject/${encodeURIComponent(subject)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.incidentType).toBe(type);
    expect(res.body.data.clientId).toBe('cl_acme_bank');
  });

  it('404s an unknown subject and one owned by another key', async () => {
    expect((await h.api(`/v1/incident/subject/${encodeURIComponent('https://nothing.test/')}`)).status).toBe(404);
    const globex = await h.api(`/v1/incident/subject/${encodeURIComponent('+442079460103')}`);
    expect(globex).toMatchObject({ status: 404, body: { message: 'Incident not found.' } });
    expect((await h.api(`/v1/incident/subject/${encodeURIComponent('+442079460103')}`, { key: DEMO_KEYS.single })).status).toBe(200);
  });
});

describe('snapshots and resolutions', () => {
  it('lists snapshots with optional raw categories', async () => {
    const rich = (await allItems()).find((i) => i.status === 'takedown_success' && i.clientId === 'cl_acme_bank');
    const res = await h.api(`/v1/incident/${encodeURIComponent(rich?.id ?? '')}/snapshots`);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0]).toMatchObject({ incidentId: rich?.id, type: 'scheduled_rescan' });
    expect(res.body.data[2]).toEqual({ id: expect.any(String), incidentId: rich?.id, type: null, timestamp: null, description: null });
    expect((await h.api('/v1/incident/nope/snapshots')).status).toBe(404);
  });

  it('lists takedown attempts per incident, in progress as nulls', async () => {
    const res = await h.api('/v1/incidents/resolutions?clientId=cl_acme');
    expect(res.body.data).toHaveLength(17);
    const outcomes = res.body.data.flatMap((r: { takedownAttempts: { outcome: string | null }[] }) => r.takedownAttempts.map((a) => a.outcome));
    expect(outcomes).toEqual(expect.arrayContaining(['success', 'failed', null, 'not_actionable', 'closed']));
    const inProgress = res.body.data.find((r: { takedownAttempts: { outcome: string | null }[] }) => r.takedownAttempts.some((a) => a.outcome === null));
    expect(inProgress.takedownAttempts[0].resolvedAt).toBeNull();
  });
});
