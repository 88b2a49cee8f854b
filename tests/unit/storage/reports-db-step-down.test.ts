import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxReport } from '@/utils/storage/report-types';
import { closeReportsDb, getReport, listReports, listWatchedIncidents, newerDbVersionOf, putReport, readRecentPage } from '@/utils/storage/reports-db';

// Going back a version: a newer version of the extension left the reports
// database at a higher version, which IndexedDB never opens lower. This
// version uses it as it is when it still has every store and index it knows,
// and never changes or deletes one it cannot use (docs/architecture.md).

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

const REPORT = {
  id: 'r_newer',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  state: 'sent',
  action: 'tkd',
  subject: { type: 'url', value: 'https://x.example/' },
  fields: {},
  files: [],
  origin: 'menu',
  attempts: 1,
  incident: { id: 'inc_1', dashboardUrl: 'https://dash.example/inc_1' },
  // A field only the newer version knows: kept as it is.
  labels: ['bank'],
} as unknown as OutboxReport;

/** The stores as this version's steps make them, and what a newer one `adds`. */
function newerShape(database: IDBPDatabase, adds: (database: IDBPDatabase) => void): void {
  const reports = database.createObjectStore('reports', { keyPath: 'id' });
  reports.createIndex('updatedAt', 'updatedAt');
  reports.createIndex('state', 'state');
  reports.createIndex('incidentId', 'incident.id');
  database.createObjectStore('incidents', { keyPath: 'id' });
  adds(database);
}

/** A database as a newer version (`version`) leaves it, holding REPORT; `adds` what it added or changed. */
async function leftByNewer(version: number, adds: (database: IDBPDatabase) => void): Promise<void> {
  const newer = await openDB('takedown-reporter', version, { upgrade: (database) => newerShape(database, adds) });
  await newer.put('reports', REPORT);
  newer.close();
}

/** The database as it is on disk: its version, stores and the marks in `meta`. */
async function onDisk(): Promise<{ version: number; stores: string[]; reports: unknown[]; meta: unknown[] }> {
  const database = await openDB('takedown-reporter');
  const stores = [...database.objectStoreNames];
  const read = async (name: string) => (stores.includes(name) ? database.getAll(name) : []);
  const found = { version: database.version, stores, reports: await read('reports'), meta: await read('meta') };
  database.close();
  return found;
}

const withMeta = (database: IDBPDatabase) => {
  database.createObjectStore('meta');
  database.createObjectStore('labels', { keyPath: 'id' });
};

describe('a database a newer version left, that still has what this version uses', () => {
  it.each([
    ['a store and a field added (with the meta store)', withMeta],
    ['a store added, before the meta store existed', (database: IDBPDatabase) => void database.createObjectStore('labels')],
  ])('%s: the reports are listed, new ones written, and the newer version is left its version', async (_case, adds) => {
    await leftByNewer(9, adds);

    expect(await listReports()).toEqual([REPORT]);
    expect(await listWatchedIncidents()).toEqual([]);
    await putReport({ ...REPORT, id: 'r_older', labels: undefined } as OutboxReport);
    expect((await getReport('r_older'))?.id).toBe('r_older');

    await closeReportsDb();
    const disk = await onDisk();
    expect(disk.version).toBe(9);
    expect(disk.stores).toContain('labels');
    expect(disk.reports).toHaveLength(2);
  });

  it('is marked with the lowest version that opened it, so the newer one reruns its report steps from there', async () => {
    await leftByNewer(9, withMeta);
    const mark = await openDB('takedown-reporter', 9);
    await mark.put('meta', 7, 'steppedDownTo');
    mark.close();
    await getReport('r_newer');
    await closeReportsDb();
    expect((await onDisk()).meta).toEqual([6]);

    // My reports' first page, read first thing: the mark is this version's, for the newer one, and stays.
    await closeReportsDb();
    expect((await readRecentPage(['sent'], 5)).reports).toEqual([REPORT]);
    await closeReportsDb();
    expect((await onDisk()).meta).toEqual([6]);

    // A version lower still had opened it: its mark stays.
    const lower = await openDB('takedown-reporter', 9);
    await lower.put('meta', 5, 'steppedDownTo');
    lower.close();
    await getReport('r_newer');
    await closeReportsDb();
    expect((await onDisk()).meta).toEqual([5]);
  });
});

describe('a database a newer version changed beyond what this version uses', () => {
  type Change = (database: IDBPDatabase, transaction: IDBPTransaction<unknown, string[], 'versionchange'>) => void;
  it.each<[string, Change]>([
    ['the reports store gone', (database) => database.deleteObjectStore('reports')],
    ['the incidents store gone', (database) => database.deleteObjectStore('incidents')],
    ['an index gone', (_database, transaction) => transaction.objectStore('reports').deleteIndex('incidentId')],
  ])('%s: every read fails saying so, and nothing on disk changes', async (_case, change) => {
    const newer = await openDB('takedown-reporter', 12, {
      upgrade: (database, _old, _new, transaction) => {
        newerShape(database, (db) => db.createObjectStore('meta'));
        change(database, transaction);
      },
    });
    newer.close();
    const before = await onDisk();

    const error: unknown = await listReports().catch((failure: unknown) => failure);
    expect(newerDbVersionOf(error)).toBe(12);
    await expect(putReport(REPORT)).rejects.toThrow('The reports database is version 12; this version of the extension knows up to 6.');
    expect(await onDisk()).toEqual(before);
  });

  it('any other failure is not said to be a newer version’s', () => {
    expect(newerDbVersionOf(new DOMException('Quota', 'QuotaExceededError'))).toBeUndefined();
  });
});

describe('this version after an older one used its database', () => {
  const unconfirmed = { status: 'unconfirmed', httpStatus: 200, message: 'Created.' };
  /** Written by an older version after the step down: a 2xx left unknown (v4's step) and a followed-up draft kept as a report (v5's). */
  const OLDER_WRITES = [
    { ...REPORT, id: 'r_unknown', state: 'unknown', incident: undefined, outcome: unconfirmed, lastProblem: { kind: 'unexpected_response' } },
    { ...REPORT, id: 'r_comment', state: 'duplicate', attempts: 0, followUps: ['comment'] },
  ];

  it.each([
    ['3: both report steps run again', 3, 'sent', 'action'],
    ['4: only the v5 step runs again', 4, 'unknown', 'action'],
    ['5: no step is newer', 5, 'unknown', undefined],
  ])('marked by version %s, and the mark goes', async (_case, steppedDownTo, unknownBecomes, commentBecomes) => {
    await putReport(REPORT);
    await closeReportsDb();
    const older = await openDB('takedown-reporter');
    for (const report of OLDER_WRITES) await older.put('reports', report);
    await older.put('meta', steppedDownTo, 'steppedDownTo');
    older.close();

    expect((await getReport('r_unknown'))?.state).toBe(unknownBecomes);
    expect((await getReport('r_comment'))?.recordKind).toBe(commentBecomes);
    expect(await getReport('r_newer')).toEqual(REPORT);
    await closeReportsDb();
    expect((await onDisk()).meta).toEqual([]);
  });

  it('My reports’ first page, read first thing, comes caught up: the report steps ran before it, and the mark is gone', async () => {
    await putReport(REPORT);
    await closeReportsDb();
    const older = await openDB('takedown-reporter');
    for (const report of OLDER_WRITES) await older.put('reports', report);
    await older.put('meta', 3, 'steppedDownTo');
    older.close();

    const page = await readRecentPage(['sent', 'duplicate', 'unknown'], 5);
    expect(Object.fromEntries(page.reports.map((report) => [report.id, [report.state, report.recordKind]]))).toEqual({
      r_newer: ['sent', undefined],
      r_unknown: ['sent', undefined],
      r_comment: ['duplicate', 'action'],
    });
    await closeReportsDb();
    expect((await onDisk()).meta).toEqual([]);
  });

  it('with no mark, leaves every report as it is', async () => {
    await putReport(REPORT);
    await closeReportsDb();
    const older = await openDB('takedown-reporter');
    for (const report of OLDER_WRITES) await older.put('reports', report);
    older.close();
    expect(await getReport('r_unknown')).toEqual(OLDER_WRITES[0]);
    expect(await getReport('r_comment')).toEqual(OLDER_WRITES[1]);
  });
});
