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
    // A 2xx whose id could not be read, left unknown: the v4 step runs for a version 2 database too.
    const stuck = { ...OLD_REPORT, id: 'r_stuck', state: 'unknown', incident: undefined, outcome: { status: 'unconfirmed', httpStatus: 200, message: 'Created.' } };
    await v2.put('reports', stuck);
    v2.close();

    expect(await getReport('r_stuck')).toEqual({ ...stuck, state: 'sent' });
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
      // Sent again after a lookup miss (queued, the miss kept), and failed with no problem noted: stay as they were.
      { ...OLD_REPORT, id: 'r_queued', state: 'queued', incident: undefined, outcome: unconfirmed, lastProblem: { kind: 'not_received' } },
      { ...OLD_REPORT, id: 'r_failed_plain', state: 'failed', incident: undefined, outcome: unconfirmed },
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
    expect(await getReport('r_queued')).toEqual(rows[5]);
    expect(await getReport('r_failed_plain')).toEqual(rows[6]);
  });

  it('upgrades a version 4 database: actions on an incident kept as reports become actions; reports stay reports', async () => {
    const extra = { name: 'proof.png', type: 'image/png', blob: new Blob(['x']), role: 'extra' };
    const record = { name: 'evidence-record.txt', type: 'text/plain', blob: new Blob(['r']), role: 'record' };
    const rows: Record<string, unknown>[] = [
      // The incident page's "Attach evidence": a draft of its files, followed up, never sent.
      { ...OLD_REPORT, id: 'r_attach', state: 'duplicate', attempts: 0, origin: 'popup', files: [extra, extra, record], followUps: ['attach'] },
      // The popup's "Already an incident" → Comment: the draft never sent either.
      { ...OLD_REPORT, id: 'r_comment', state: 'duplicate', attempts: 0, files: [], followUps: ['comment'] },
      // A report sent, answered 409, then commented on: a report (its request left).
      { ...OLD_REPORT, id: 'r_sent_dup', state: 'duplicate', attempts: 1, followUps: ['comment'] },
      // A plain duplicate and a plain sent report: untouched.
      { ...OLD_REPORT, id: 'r_dup', state: 'duplicate', attempts: 1 },
      { ...OLD_REPORT, id: 'r_sent', state: 'sent' },
    ];
    const v4 = await openDB('takedown-reporter', 4, {
      upgrade(database) {
        const reports = database.createObjectStore('reports', { keyPath: 'id' });
        reports.createIndex('updatedAt', 'updatedAt');
        reports.createIndex('state', 'state');
        reports.createIndex('incidentId', 'incident.id');
        database.createObjectStore('incidents', { keyPath: 'id' });
      },
    });
    for (const row of rows) await v4.put('reports', row);
    v4.close();

    expect(await getReport('r_attach')).toMatchObject({ recordKind: 'action', incidentAction: { kind: 'attach', files: 2, outcome: 'done' } });
    expect(await getReport('r_comment')).toMatchObject({ recordKind: 'action', incidentAction: { kind: 'comment', outcome: 'done' } });
    for (const index of [2, 3, 4]) {
      const row = rows[index]!;
      expect(await getReport(row.id as string)).toEqual(row);
    }
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

describe('a database that cannot be opened', () => {
  it('for another reason than a newer version fails with that reason, and changes nothing', async () => {
    const real = globalThis.indexedDB;
    let opens = 0;
    // The first open fails as a broken disk would; any other would reach the real database.
    globalThis.indexedDB = Object.assign(Object.create(real) as IDBFactory, {
      open: (...args: Parameters<IDBFactory['open']>) => {
        opens += 1;
        if (opens === 1) throw new DOMException('The disk could not be read.', 'UnknownError');
        return real.open(...args);
      },
    });
    await expect(getReport('r1')).rejects.toMatchObject({ name: 'UnknownError' });
    expect(opens).toBe(1);
    expect(await real.databases()).toEqual([]);
  });

  it('closes at once when asked while its open is still failing', async () => {
    (await openDB('takedown-reporter', 99)).close();
    const read = getReport('r1');
    await closeReportsDb();
    await expect(read).rejects.toMatchObject({ name: 'NewerReportsDbError', version: 99 });
  });

  it('fails each read, and is opened again once it can be: the failure is not kept', async () => {
    // One version newer than this code knows, as an older extension finds it after a newer one.
    (await openDB('takedown-reporter', 99)).close();
    await expect(getReport('r1')).rejects.toThrow(/version/i);
    await expect(countReports()).rejects.toThrow(/version/i);
    // Gone (as after the newer version's data is cleared): the next write opens it afresh, not the failure it had.
    await new Promise((resolve) => (indexedDB.deleteDatabase('takedown-reporter').onsuccess = resolve));
    await putReport(reportAt(1));
    expect((await getReport('r1'))?.id).toBe('r1');
  });
});

describe('the database’s shape', () => {
  /** The stores on disk, each with its indexes and their key paths. */
  async function shape(): Promise<Record<string, Record<string, string>>> {
    await closeReportsDb();
    const database = await openDB('takedown-reporter');
    const stores = Object.fromEntries(
      [...database.objectStoreNames].map((name) => {
        const store = database.transaction(name).objectStore(name);
        return [name, Object.fromEntries([...store.indexNames].map((index) => [index, String(store.index(index).keyPath)]))];
      }),
    );
    database.close();
    return stores;
  }

  const CURRENT = { incidents: {}, meta: {}, reports: { incidentId: 'incident.id', state: 'state', updatedAt: 'updatedAt' } };

  it.each([
    ['a new database', async () => undefined],
    [
      'a version 1 database (development builds’ unsent drafts, dropped)',
      async () => (await openDB('takedown-reporter', 1, { upgrade: (database) => void database.createObjectStore('drafts', { keyPath: 'id' }) })).close(),
    ],
  ])('%s has every store and index of this version', async (_case, before) => {
    await before();
    await putReport(reportAt(1));
    expect(await shape()).toEqual(CURRENT);
  });

  it('is opened for a read without a write transaction (one would hold My reports’ first page)', async () => {
    await putReport(reportAt(1));
    await closeReportsDb();
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    try {
      expect((await getReport('r1'))?.id).toBe('r1');
      expect(transaction.mock.calls.map((call) => call[1] ?? 'readonly')).not.toContain('readwrite');
    } finally {
      transaction.mockRestore();
    }
  });

  it.each([
    ['this version', 6],
    ['a newer version this one uses as it is', 9],
  ])('lets another context open a newer version: the connection to %s closes', async (_case, version) => {
    await putReport(reportAt(1));
    if (version > 6) {
      await closeReportsDb();
      (await openDB('takedown-reporter', version)).close();
    }
    expect((await getReport('r1'))?.id).toBe('r1');
    const blocked = vi.fn();
    const newer = await openDB('takedown-reporter', version + 1, { blocked });
    expect(newer.version).toBe(version + 1);
    newer.close();
  });
});

describe('findReportForIncident', () => {
  it('answers the most recently updated of the reports linked to an incident, whatever order they were written in', async () => {
    const linked = (id: string, minute: number, incident = 'inc_1') => ({ ...reportAt(minute), id, incident: { id: incident, dashboardUrl: `https://dash.example/${incident}` } });
    for (const report of [linked('middle', 5), linked('newest', 9), linked('oldest', 1), linked('other', 12, 'inc_2')]) await putReport(report);
    expect((await findReportForIncident('inc_1'))?.id).toBe('newest');
    await putReport(linked('newer still', 10));
    expect((await findReportForIncident('inc_1'))?.id).toBe('newer still');
    expect((await findReportForIncident('inc_2'))?.id).toBe('other');
  });
});

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

  describe('where the browser has getAllRecords (Chromium), in one request', () => {
    const prototype = (globalThis as unknown as { IDBIndex: { prototype: Record<string, unknown> } }).IDBIndex.prototype;
    const fakeCursor = prototype.openCursor as IDBIndex['openCursor'];
    /** The cursors the code under test opens (the fake getAllRecords below uses its own). */
    const cursors = vi.fn();
    /** Chromium's IDBIndex.getAllRecords, over the index's cursor of the fake; `fail` answers with an error instead. */
    const getAllRecords = vi.fn(function (this: IDBIndex, options: { direction: IDBCursorDirection; count: number }) {
      const records: { value: unknown }[] = [];
      const request = fakeCursor.call(this, null, options.direction);
      const answer = { result: records, error: null as unknown, onsuccess: null as null | (() => void), onerror: null as null | (() => void) };
      request.onsuccess = () => {
        const cursor = request.result;
        if (getAllRecords.fail) {
          answer.error = new Error('The database could not be read.');
          answer.onerror?.();
        } else if (cursor && records.length < options.count) {
          records.push({ value: cursor.value });
          cursor.continue();
        } else answer.onsuccess?.();
      };
      return answer;
    }) as ReturnType<typeof vi.fn> & { fail?: boolean };

    beforeEach(async () => {
      await seed();
      getAllRecords.mockClear();
      getAllRecords.fail = false;
      cursors.mockClear();
      prototype.getAllRecords = getAllRecords;
      prototype.openCursor = function (this: IDBIndex, ...args: Parameters<IDBIndex['openCursor']>) {
        cursors();
        return fakeCursor.apply(this, args);
      };
    });
    afterEach(() => {
      delete prototype.getAllRecords;
      prototype.openCursor = fakeCursor;
    });

    // Newest first: r9, r8, r7 are drafts, then r6 to r0. Twice the page is asked for.
    it.each([
      ['enough among them: the page, cut to size', 5, ['r6', 'r5', 'r4', 'r3', 'r2'], false],
      ['exactly enough among twice the page', 3, ['r6', 'r5', 'r4'], false],
      ['fewer records than asked: that was all of them', 20, ['r6', 'r5', 'r4', 'r3', 'r2', 'r1', 'r0'], false],
      ['too many drafts among them: read on along the cursor', 2, ['r6', 'r5'], true],
      ['only drafts among them: read on along the cursor', 1, ['r6'], true],
    ])('%s (%i rows)', async (_case, limit, ids, cursor) => {
      expect(await recentIds(SHOWN, limit)).toEqual(ids);
      expect(getAllRecords.mock.calls).toEqual([[{ direction: 'prev', count: limit * 2 }]]);
      expect(cursors).toHaveBeenCalledTimes(cursor ? 1 : 0);
    });

    it('fails with the database’s error', async () => {
      getAllRecords.fail = true;
      await expect(readRecentPage(SHOWN, 5)).rejects.toThrow('The database could not be read.');
    });
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
