import { describe, expect, it } from 'vitest';
import { ApiError, toApiErrorInfo, type ApiErrorInfo } from '@/utils/api';
import { INCIDENT_PAGE_MAX_BYTES } from '@/utils/api/incidents';
import { DEFAULT_MAX_BODY_BYTES } from '@/utils/api/request';
import { apiWith, rejectionOf, type Respond } from './stub-fetch';

// Answers a broken or hostile service could give: bodies of many megabytes,
// endless streams, a false Content-Length. None is buffered whole; a 2xx is
// then an answer that could not be read, an error keeps its status.

const MB = 1024 * 1024;

/** A body streamed in 64 KB chunks, `total` bytes in all (Infinity: never ends); `pulled` counts the bytes handed out. */
function streamed(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      const size = Math.min(chunk, total - state.pulled);
      state.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

async function failure(respond: Respond, call: (api: ReturnType<typeof apiWith>['api']) => Promise<unknown>): Promise<ApiErrorInfo> {
  const { api } = apiWith(respond);
  const error = await rejectionOf(call(api));
  expect(error).toBeInstanceOf(ApiError);
  return toApiErrorInfo(error);
}

describe('answers larger than any the service should give', () => {
  it('a 2xx of 50 MB is read only up to the cap, then cancelled: an answer that could not be read', async () => {
    const { body, state } = streamed(50 * MB);
    const info = await failure(
      () => new Response(body, { status: 200 }),
      (api) => api.getIncident('inc_1'),
    );
    expect(info).toEqual({ kind: 'unexpected_response', status: 200, refusal: 'body_too_large', limit: DEFAULT_MAX_BODY_BYTES, target: 'incident' });
    expect(state.pulled).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 2 * 64 * 1024);
    expect(state.cancelled).toBe(true);
  });

  it('an endless 2xx body ends at the cap, not at the timeout', async () => {
    const { body, state } = streamed(Infinity);
    const info = await failure(
      () => new Response(body, { status: 200 }),
      (api) => api.listWebhooks(),
    );
    expect(info).toMatchObject({ kind: 'unexpected_response', refusal: 'body_too_large' });
    expect(state.cancelled).toBe(true);
  });

  it('a declared Content-Length over the cap is not read at all, even when the body itself is small', async () => {
    const small = JSON.stringify({ message: 'OK', data: { id: 'inc_1', status: 'closed' } });
    const info = await failure(
      () => new Response(small, { status: 200, headers: { 'content-length': String(100 * MB) } }),
      (api) => api.getIncident('inc_1'),
    );
    expect(info).toMatchObject({ kind: 'unexpected_response', refusal: 'body_too_large' });
  });

  it('an error status with a huge body keeps its status and kind, without the server’s words', async () => {
    const { body } = streamed(20 * MB);
    expect(
      await failure(
        () => new Response(body, { status: 503 }),
        (api) => api.getIncident('inc_1'),
      ),
    ).toEqual({ kind: 'server_error', status: 503, target: 'incident' });
  });

  it('a report answered by 9 MB of anything is a report whose fate is unknown, never a failure to resend', async () => {
    const { body } = streamed(9 * MB);
    const { api } = apiWith(() => new Response(body, { status: 201 }));
    expect(await api.reportForTakedown({ url: 'x.example' })).toEqual({ status: 'unconfirmed', httpStatus: 201 });
  });

  it('a body exactly at the cap is read', async () => {
    const padded = `{"message":"OK","data":{"id":"inc_1","status":"closed"}}`.padEnd(DEFAULT_MAX_BODY_BYTES, ' ');
    const { api } = apiWith(() => new Response(padded, { status: 200 }));
    expect(await api.getIncident('inc_1')).toMatchObject({ id: 'inc_1', status: 'closed' });
    const { api: over } = apiWith(() => new Response(`${padded} `, { status: 200 }));
    expect(toApiErrorInfo(await rejectionOf(over.getIncident('inc_1')))).toMatchObject({ refusal: 'body_too_large' });
  });

  it('a list page of incidents may be larger: 5,000 incidents of 2 KB each are read', async () => {
    const incident = {
      id: 'inc_',
      subject: 'https://x.example/'.padEnd(1_900, 'x'),
      status: 'closed',
      incidentType: 'page',
      source: 'CLIENT_REPORTED',
      timestamp: '2026-11-01T00:00:00Z',
      incidentClass: 'phishing',
    };
    const data = Array.from({ length: 5_000 }, (_, index) => ({ ...incident, id: `inc_${index}` }));
    const text = JSON.stringify({ message: 'OK', data });
    expect(text.length).toBeGreaterThan(DEFAULT_MAX_BODY_BYTES);
    expect(text.length).toBeLessThan(INCIDENT_PAGE_MAX_BYTES);
    const { api } = apiWith(() => new Response(text, { status: 200 }));
    expect((await api.listIncidents()).items).toHaveLength(5_000);
  });
});
