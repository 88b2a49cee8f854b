import { vi } from 'vitest';
import { ApiError } from '@/utils/api/errors';
import type { ReportingApi } from '@/utils/report/report-service';
import type { EvidenceContext } from '@/utils/storage/evidence-context';
import { queueDraft } from '@/utils/report/outbox';
import { createDraft, type NewReport } from '@/utils/report/outbox-pages';
import type { StoredFile } from '@/utils/storage/report-types';

export const T0 = new Date('2026-11-22T10:00:00.000Z');

/** A minute after T0, n times. */
export function minutes(n: number): Date {
  return new Date(T0.getTime() + n * 60_000);
}

export const CONTEXT: EvidenceContext = {
  requestedUrl: 'https://phish.example/login',
  title: 'Sign in',
  capturedAt: T0,
  timeZone: 'UTC',
  browser: { name: 'Chromium', version: '140.0.0.0', language: 'en-GB' },
  extensionVersion: '0.1.0',
  reporter: 'analyst@acme.example',
};

export function pngFile(bytes = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3]): StoredFile {
  return { name: 'screenshot.png', type: 'image/png', blob: new Blob([new Uint8Array(bytes)], { type: 'image/png' }), role: 'screenshot' };
}

export function newReport(overrides: Partial<NewReport> = {}): NewReport {
  return {
    action: 'tkd',
    subject: { type: 'url', value: 'https://phish.example/login' },
    fields: { url: 'https://phish.example/login', reportedBy: 'analyst@acme.example' },
    files: [pngFile()],
    evidence: CONTEXT,
    origin: 'popup',
    ...overrides,
  };
}

/** A report written as a draft at T0, then queued, as Send leaves it; answers its id. */
export async function queuedReport(overrides: Partial<NewReport> = {}): Promise<string> {
  const draft = await createDraft(newReport(overrides), T0);
  await queueDraft(draft.id);
  return draft.id;
}

/** The service's API as the report service calls it: a created incident for each report, no incident found by subject; `overrides` replace any call. */
export function fakeApi(overrides: Partial<ReportingApi> = {}) {
  const base = {
    reportForTakedown: vi.fn(async () => ({ status: 'reported' as const, id: 'inc_new', dashboardUrl: 'https://dash.example/inc_new' })),
    reportForMonitoring: vi.fn(async () => ({ status: 'reported' as const, id: 'inc_mon', dashboardUrl: 'javascript:alert(1)' })),
    getIncidentBySubject: vi.fn(async (): Promise<never> => {
      throw new ApiError({ kind: 'not_found', status: 404, target: 'subject' });
    }),
    // The read after a create: unknown here, so a sent report's status stays unknown.
    getIncident: vi.fn(async (): Promise<never> => {
      throw new ApiError({ kind: 'not_found', status: 404, target: 'incident' });
    }),
    attachFiles: vi.fn(async (id: string) => ({ id })),
    commentOnIncident: vi.fn(async () => ({})),
    requestTakedown: vi.fn(async () => ({})),
  } satisfies ReportingApi;
  return { ...base, ...overrides } as typeof base;
}

/**
 * The API as the real client keeps its word on `after` (utils/api/request.ts):
 * a report's request is made, and `api`'s call recorded, only once the write
 * before it is done; a write that fails is thrown as it is, and nothing is sent.
 */
export function keepingAfter<Api extends Pick<ReportingApi, 'reportForTakedown' | 'reportForMonitoring'>>(api: Api): Api {
  return {
    ...api,
    reportForTakedown: async (incident, after) => (await after, api.reportForTakedown(incident)),
    reportForMonitoring: async (incident, after) => (await after, api.reportForMonitoring(incident)),
  };
}
