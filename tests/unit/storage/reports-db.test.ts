import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxReport, ReportState } from '@/utils/storage/report-types';
import { closeReportsDb, countReports, findReportForIncident, getReport, listWatchedIncidents, putReport, putWatchedIncidents, readRecentPage } from '@/utils/storage/reports-db';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

const OLD_REPORT = {
  id: 'r_v2',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  state: 'sent',
  action: 'tkd',
  subject: { type: 'url', value: 'https://x.example/' },
  fields: {},
  files: [],
  origin: 'menu',
  attempts: 1,
  incident: { id: 'inc_v2', dashboardUrl: 'https://dash.example/inc_v2' },
};

describe('the reports database', () => {
  it('upgrades a version 2 database: reports kept, found by incident, and an empty incidents store', async () => {
    const v2 = await openDB('takedown-reporter', 2, {
      upgrade(database) {
        const reports = database.createObjectStore('reports', { keyPath: 'id' });
        reports.createIndex('updatedAt', 'updatedAt');
        reports.createIndex('state', 'state');
      },
    });
    await v2.put('reports', OLD_REPORT);
    v2.close();

    expect(await getReport('r_v2')).toEqual(OLD_REPORT);
    expect((await findReportForIncident('inc_v2'))?.id).toBe('r_v2');
    expect(await findReportForIncident('inc_none')).toBeUndefined();
    expect(await listWatchedIncidents()).toEqual([]);
  });

  it('upgrades a version 3 database: a 2xx left unknown or failed by a lookup miss is sent, id unconfirmed; nothing else moves', async () => {
    const unconfirmed = { status: 'unconfirmed', httpStatus: 200, message: 'Created.' };
    const rows: Record<string, unknown>[] = [
      { ...OLD_REPORT, id: 'r_unknown', state: 'unknown', incident: undefined, outcome: unconfirmed, lastProblem: { kind: 'unexpected_response' } },
      { ...OLD_REPORT, id: 'r_failed', state: 'failed', incident: undefined, outcome: unconfirmed, lastProblem: { kind: 'not_received' } },
      // Not a 2xx the lookup missed: stays as it was.
      { ...OLD_REPORT, id: 'r_timeout', state: 'unknown', incident: undefined, lastProblem: { kind: 'timeout' } },
      { ...OLD_REPORT, id: 'r_refused', state: 'failed', incident: undefined, outcome: unconfirmed, lastProblem: { kind: 'unauthorized', status: 401 } },
      { ...OLD_REPORT, id: 'r_linked', state: 'unknown', outcome: unconfirmed },
    ];
    const v3 = await openDB('takedown-reporter', 3, {
      upgrade(database) {
        const reports = database.createObjectStore('reports', { keyPath: 'id' });
        reports.createIndex('updatedAt', 'updatedAt');
        reports.createIndex('state', 'state');
        reports.createIndex('incidentId', 'incident.id');
        database.createObjectStore('incidents', { keyPath: 'id' });
      },
    });
    for (const row of rows) await v3.put('reports', row);
    v3.close();

    const { lastProblem: _a, ...unknownRow } = rows[0]!;
    const { lastProblem: _b, ...failedRow } = rows[1]!;
    expect(await getReport('r_unknown')).toEqual({ ...unknownRow, state: 'sent' });
    expect(await getReport('r_failed')).toEqual({ ...failedRow, state: 'sent' });
    expect(await getReport('r_timeout')).toEqual(rows[2]);
    expect(await getReport('r_refused')).toEqual(rows[3]);
    expect(await getReport('r_linked')).toEqual(rows[4]);
  });

  it('keeps watched incidents, replacing one by id', async () => {
    const watched = (status: string) => ({
      id: 'inc_1',
      incident: { id: 'inc_1', status, safeDomain: null, incidentType: null, source: null, timestamp: null, incidentClass: null },
      fetchedAt: 'a',
      statusSeenAt: 'b',
    });
    await putWatchedIncidents([watched('pending_review')]);
    await putWatchedIncidents([watched('closed')]);
    expect(await listWatchedIncidents()).toEqual([watched('closed')]);
  });
});

/** A report updated `minute` minutes into the day, in `state`. */
function reportAt(minute: number, state: ReportState = 'sent'): OutboxReport {
  const at = new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
  return { ...(OLD_REPORT as unknown as OutboxReport), id: `r${minute}`, createdAt: at, updatedAt: at, state };
}

describe('My reports’ first page', () => {
  const SHOWN: ReportState[] = ['sent', 'failed'];
  const recentIds = async (states: readonly ReportState[], limit: number) => (await readRecentPage(states, limit)).reports.map((report) => report.id);

  async function seed(): Promise<void> {
    // Minutes 0–9; the newest three are drafts, skipped.
    for (let minute = 0; minute < 10; minute++) await putReport(reportAt(minute, minute >= 7 ? 'draft' : minute === 5 ? 'failed' : 'sent'));
  }

  it('reads the most recently updated reports in the states asked, newest first, along the cursor', async () => {
    await seed();
    expect(await recentIds(SHOWN, 3)).toEqual(['r6', 'r5', 'r4']);
    expect(await recentIds(SHOWN, 50)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1', 'r0']);
    expect(await readRecentPage(['unknown'], 5)).toEqual({ reports: [], watched: [] });
    expect(await countReports()).toBe(10);
  });

  it('reads them in one request where the browser has getAllRecords, and along the cursor when that page was all drafts', async () => {
    await seed();
    const prototype = (globalThis as unknown as { IDBIndex: { prototype: Record<string, unknown> } }).IDBIndex.prototype;
    // Chromium's IDBIndex.getAllRecords, over the index's cursor of the fake.
    const getAllRecords = vi.fn(function (this: IDBIndex, options: { direction: IDBCursorDirection; count: number }) {
      const records: { value: unknown }[] = [];
      const request = this.openCursor(null, options.direction);
      const answer = { result: records, error: null, onsuccess: null as null | (() => void), onerror: null };
      request.onsuccess = () => {
        const cursor = request.result;
        if (cursor && records.length < options.count) {
          records.push({ value: cursor.value });
          cursor.continue();
        } else answer.onsuccess?.();
      };
      return answer;
    });
    prototype.getAllRecords = getAllRecords;
    try {
      expect(await recentIds(SHOWN, 2)).toEqual(['r6', 'r5']);
      expect(getAllRecords).toHaveBeenLastCalledWith({ direction: 'prev', count: 4 });
      // Its 2 × 1 records are both drafts: read on with the cursor.
      expect(await recentIds(SHOWN, 1)).toEqual(['r6']);
      // Fewer records than asked: that was all of them.
      expect(await recentIds(SHOWN, 20)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1', 'r0']);
      expect(getAllRecords).toHaveBeenCalledTimes(3);
    } finally {
      delete prototype.getAllRecords;
    }
  });

  it('reads the watched incidents the page’s reports link, in the page’s order, skipping those not seen and those of other reports', async () => {
    const watched = (id: string) => ({
      id,
      incident: { id, status: 'closed', safeDomain: null, incidentType: null, source: null, timestamp: null, incidentClass: null },
      fetchedAt: 'a',
      statusSeenAt: 'b',
    });
    await putWatchedIncidents([watched('inc_1'), watched('inc_2'), watched('inc_3')]);
    const linked = (minute: number, incident?: string) => ({ ...reportAt(minute), incident: incident ? { id: incident, dashboardUrl: `https://dash.example/${incident}` } : undefined });
    // Newest first: inc_3, an incident the refresh has not seen, a report without one, inc_1; inc_2's report is beyond the page.
    for (const report of [linked(4, 'inc_3'), linked(3, 'inc_none'), linked(2), linked(1, 'inc_1'), linked(0, 'inc_2')]) await putReport(report);
    const page = await readRecentPage(SHOWN, 4);
    expect(page.reports.map((report) => report.id)).toEqual(['r4', 'r3', 'r2', 'r1']);
    expect(page.watched).toEqual([watched('inc_3'), watched('inc_1')]);
    expect((await readRecentPage(SHOWN, 0)).watched).toEqual([]);
  });
});
