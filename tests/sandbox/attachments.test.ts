import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();
const LIMIT_MESSAGE = 'Attachments exceed the limits: up to 12 files, under 10 MB in total.';

function form(fields: Record<string, string>, files: { name: string; type: string; size?: number }[]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('attachments', new Blob([new Uint8Array(f.size ?? 16)], { type: f.type }), f.name);
  return fd;
}

const pngs = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `shot-${i}.png`, type: 'image/png' }));

async function incidentState(id: string) {
  const state = await h.control('GET', 'state');
  return state.body.data.incidents.find((i: { id: string }) => i.id === id);
}

describe('multipart reports', () => {
  it('accepts 12 files and stores their metadata', async () => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: form({ url: 'https://multi-part.test/x', comment: 'twelve' }, pngs(12)) });
    expect(res.status).toBe(200);
    const stored = await incidentState(res.body.id);
    expect(stored.comment).toBe('twelve');
    expect(stored.attachments).toHaveLength(12);
    expect(stored.attachments[11]).toMatchObject({ name: 'shot-11.png', type: 'image/png', size: 16 });
  });

  it('refuses 13 files with 413', async () => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: form({ url: 'https://multi-part.test/y' }, pngs(13)) });
    expect(res).toMatchObject({ status: 413, body: { message: LIMIT_MESSAGE } });
  });

  it('refuses a request of 10 MB or more with 413, without reading it', async () => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: form({ url: 'https://big.test/' }, [{ name: 'big.pdf', type: 'application/pdf', size: 10_000_000 }]) });
    expect(res).toMatchObject({ status: 413, body: { message: LIMIT_MESSAGE } });
    const log = await h.control('GET', 'requests');
    expect(log.body.data.at(-1)).toMatchObject({ path: '/v1/incident/tkd', status: 413, bodyBytes: 0 });
  });

  it('stops reading a chunked upload once it reaches 10 MB', async () => {
    const url = new URL('/v1/incident/tkd', h.sbx.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'x-api-key': h.sbx.keys.managed, 'content-type': 'multipart/form-data; boundary=xyz', 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      const chunk = Buffer.alloc(1_000_000, 97);
      let sent = 0;
      const pump = (): void => {
        while (sent < 30) {
          sent += 1;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    const entry = (await h.control('GET', 'requests')).body.data.at(-1);
    expect(entry.bodyBytes).toBeGreaterThanOrEqual(10_000_000);
    expect(entry.bodyBytes).toBeLessThan(11_100_000);
  });

  it.each([
    ['an .exe', { name: 'payload.exe', type: 'application/x-msdownload' }],
    ['a PNG name with an executable type', { name: 'looks-fine.png', type: 'application/x-msdownload' }],
    ['an unknown extension without type', { name: 'archive.zip', type: '' }],
  ])('refuses %s with 400 naming the file', async (_name, file) => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: form({ url: 'https://typed.test/' }, [{ name: 'ok.pdf', type: 'application/pdf' }, file]) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(file.name);
  });

  it.each([
    ['message.eml', 'message/rfc822'],
    ['mail.msg', 'application/octet-stream'],
    ['photo.JPEG', 'image/jpg'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['notes.txt', 'text/plain'],
  ])('accepts %s (%s)', async (name, type) => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: form({ url: `https://typed-${name.replace('.', '-').toLowerCase()}.test/` }, [{ name, type }]) });
    expect(res.status).toBe(200);
  });

  it('applies the same field rules to multipart fields', async () => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', body: form({ incidentType: 'phone', subject: '07700 900123' }, []) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('E.164');
  });
});

describe('POST /v1/incident/{id}/attach', () => {
  async function someId(): Promise<string> {
    return (await h.api('/v1/incidents?limit=1')).body.data[0].id;
  }

  it('stores the files and answers {message, id}', async () => {
    const id = await someId();
    const res = await h.api(`/v1/incident/${encodeURIComponent(id)}/attach`, {
      method: 'POST',
      body: form({}, [
        { name: 'a.pdf', type: 'application/pdf' },
        { name: 'b.csv', type: 'text/csv' },
      ]),
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'Attachments received.', id } });
    expect((await incidentState(id)).attachments.map((a: { name: string }) => a.name)).toEqual(['a.pdf', 'b.csv']);
  });

  it('applies the count limit, needs multipart and 404s an unknown incident', async () => {
    const id = await someId();
    expect((await h.api(`/v1/incident/${encodeURIComponent(id)}/attach`, { method: 'POST', body: form({}, pngs(13)) })).status).toBe(413);
    expect((await h.api(`/v1/incident/${encodeURIComponent(id)}/attach`, { method: 'POST', json: { files: [] } })).status).toBe(400);
    const missing = await h.api('/v1/incident/inc_missing/attach', { method: 'POST', body: form({}, pngs(1)) });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Incident not found.' } });
  });
});
