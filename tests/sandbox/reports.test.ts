import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './server.ts';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

function report(body: unknown, path = '/v1/incident/tkd', key?: string) {
  return h.api(path, { method: 'POST', json: body, ...(key ? { key } : {}) });
}

describe('POST /v1/incident/tkd validation', () => {
  it.each([
    ['nothing to report', {}, 'url is required'],
    ['url that is not a URL or domain', { url: 'not a url' }, 'url must be an http(s) URL'],
    ['scheme-less path', { url: 'evil.test/login' }, 'url must be'],
    ['ftp URL', { url: 'ftp://evil.test/' }, 'url must be'],
    ['url of the wrong type', { url: 42 }, 'url must be'],
    ['unknown incidentType', { incidentType: 'domain', url: 'https://a.test/' }, 'incidentType must be one of email, phone, ipv4'],
    ['email without subject', { incidentType: 'email' }, 'subject is required when incidentType is email'],
    ['bad email subject', { incidentType: 'email', subject: 'not-an-email' }, 'subject must be an email address'],
    ['phone not E.164 (spaces)', { incidentType: 'phone', subject: '+44 20 7946 0123' }, 'E.164'],
    ['phone not E.164 (no plus)', { incidentType: 'phone', subject: '02079460123' }, 'E.164'],
    ['phone not E.164 (leading zero)', { incidentType: 'phone', subject: '+0447946012' }, 'E.164'],
    ['phone too long', { incidentType: 'phone', subject: '+1234567890123456' }, 'E.164'],
    ['ipv4 octet over 255', { incidentType: 'ipv4', subject: '203.0.113.256' }, 'IPv4'],
    ['ipv4 with three parts', { incidentType: 'ipv4', subject: '10.0.1' }, 'IPv4'],
    ['ipv6 as ipv4', { incidentType: 'ipv4', subject: '2001:db8::1' }, 'IPv4'],
    ['null comment', { url: 'https://a-new.test/', comment: null }, 'comment must be a non-null string'],
    ['numeric comment', { url: 'https://a-new.test/', comment: 5 }, 'comment must be a non-null string'],
    ['reportedBy not an email', { url: 'https://a-new.test/', reportedBy: 'alice' }, 'reportedBy must be an email address'],
    ['array body', [], 'must be a JSON object'],
  ])('%s → 400', async (_name, body, message) => {
    const res = await report(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: '{"url":', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });

  it.each([
    ['email', { incidentType: 'email', subject: 'Scammer@Fraud-Mail.test' }, 'scammer@fraud-mail.test'],
    ['phone', { incidentType: 'phone', subject: '+442079460999' }, '+442079460999'],
    ['ipv4', { incidentType: 'ipv4', subject: '192.0.2.200' }, '192.0.2.200'],
    ['domain via subject', { subject: 'fresh-phish.test' }, 'fresh-phish.test'],
  ])('accepts a valid %s report', async (_name, body, subject) => {
    const res = await report(body);
    expect(res.status).toBe(200);
    const detail = await h.api(`/v1/incident/${encodeURIComponent(res.body.id)}`);
    expect(detail.body.data.subject).toBe(subject);
  });
});

describe('reporting a new incident', () => {
  it('creates a pending_review incident and returns id plus a dashboard link that opens', async () => {
    const res = await report({ url: 'https://brand-new-phish.test/login', reportedBy: 'alice@acme.example', comment: 'Seen in a customer SMS' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), id: expect.any(String), url: `${h.sbx.baseUrl}/dashboard/incidents/${encodeURIComponent(res.body.id)}` });
    const detail = (await h.api(`/v1/incident/${encodeURIComponent(res.body.id)}`)).body.data;
    expect(detail).toMatchObject({
      status: 'pending_review',
      source: 'CLIENT_REPORTED',
      clientId: 'cl_acme',
      incidentType: 'page',
      url: 'https://brand-new-phish.test/login',
      reportedBy: 'alice@acme.example',
    });
    expect(detail.history[0]).toMatchObject({ author: 'Client (alice@acme.example)', message: 'Seen in a customer SMS' });
    const page = await fetch(res.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('https://brand-new-phish.test/login');
  });

  it('puts a monitor report into pre_weaponised, for the given sub-client', async () => {
    const res = await report({ url: 'brand-new-parked.test', clientId: 'cl_acme_bank' }, '/v1/incident/monitor');
    const detail = (await h.api(`/v1/incident/${encodeURIComponent(res.body.id)}`)).body.data;
    expect(detail).toMatchObject({ status: 'pre_weaponised', clientId: 'cl_acme_bank', incidentType: 'domain', domain: 'brand-new-parked.test' });
  });

  it('answers 409 to a duplicate, after normalising the URL', async () => {
    expect((await report({ url: 'https://Dup-Phish.test/a?b=1' })).status).toBe(200);
    const again = await report({ url: 'HTTPS://dup-phish.TEST:443/a?b=1#frag' });
    expect(again).toMatchObject({ status: 409, body: { message: 'Incident already exists.' } });
    // Another client of the same key may report the same URL.
    expect((await report({ url: 'https://dup-phish.test/a?b=1', clientId: 'cl_acme_bank' })).status).toBe(200);
  });

  it('answers the older 200 without id for a .legacy.example duplicate', async () => {
    const res = await report({ url: 'https://login.acme.legacy.example/signin' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Report received; this incident may be a duplicate.' });
  });

  it('switches every duplicate to the older answer with the legacyDuplicates setting', async () => {
    await h.control('PUT', 'settings', { legacyDuplicates: true });
    const res = await report({ url: 'https://acme-secure-login.test/account/verify?session=8841' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Report received; this incident may be a duplicate.' } });
    expect(res.body.id).toBeUndefined();
  });
});

describe('actions on an incident', () => {
  async function idWithStatus(status: string, key?: string): Promise<string> {
    const res = await h.api(`/v1/incidents?status=${status}&limit=1`, key ? { key } : {});
    return res.body.data[0].id as string;
  }
  const act = (id: string, action: string, json?: unknown) => h.api(`/v1/incident/${encodeURIComponent(id)}/${action}`, { method: 'POST', ...(json !== undefined ? { json } : {}) });

  it('adds a client comment to the history', async () => {
    const id = await idWithStatus('case_building');
    const res = await act(id, 'comment', { comment: 'More victims today.', reportedBy: 'alice@acme.example' });
    expect(res.body).toEqual({ message: 'Comment added.', id });
    const detail = (await h.api(`/v1/incident/${encodeURIComponent(id)}`)).body.data;
    expect(detail.history[0]).toMatchObject({ author: 'Client (alice@acme.example)', message: 'More victims today.' });
    expect((await act(id, 'comment', {})).status).toBe(400);
  });

  it.each([
    ['tkd', 'case_building'],
    ['monitor', 'pre_weaponised'],
    ['safe', 'closed'],
  ])('%s moves the incident to %s', async (action, status) => {
    const id = await idWithStatus('pending_review');
    const res = await act(id, action);
    expect(res).toMatchObject({ status: 200, body: { id } });
    expect((await h.api(`/v1/incident/${encodeURIComponent(id)}`)).body.data.status).toBe(status);
  });

  it('approves a takedown only when approval is required', async () => {
    const waiting = await idWithStatus('approval_required');
    const res = await act(waiting, 'approve-takedown');
    expect(res.body).toEqual({ message: 'Takedown approved.', id: waiting });
    const detail = (await h.api(`/v1/incident/${encodeURIComponent(waiting)}`)).body.data;
    expect(detail.status).toBe('takedown_ready');
    expect(detail.history.slice(0, 2).map((e: { author: string }) => e.author)).toEqual(['Service System', 'Client (Client)']);
    const again = await act(waiting, 'approve-takedown');
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('approval_required');
  });

  it('404s an unknown incident and 400s an unknown action', async () => {
    expect(await act('inc_missing', 'tkd')).toMatchObject({ status: 404, body: { message: 'Incident not found.' } });
    const id = await idWithStatus('closed', DEMO_KEYS.single);
    const res = await h.api(`/v1/incident/${encodeURIComponent(id)}/escalate`, { method: 'POST', key: DEMO_KEYS.single });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('escalate');
  });
});
