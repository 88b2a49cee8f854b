import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeReportsDb, findReportForIncident, getReport, listWatchedIncidents, putWatchedIncidents } from '@/utils/storage/reports-db';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

const OLD_REPORT = {
  id: 'r_v2', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', state: 'sent', action: 'tkd',
  subject: { type: 'url', value: 'https://x.example/' }, fields: {}, files: [], origin: 'menu', attempts: 1,
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

  it('keeps watched incidents, replacing one by id', async () => {
    const watched = (status: string) => ({ id: 'inc_1', incident: { id: 'inc_1', status, safeDomain: null, incidentType: null, source: null, timestamp: null, incidentClass: null }, fetchedAt: 'a', statusSeenAt: 'b' });
    await putWatchedIncidents([watched('pending_review')]);
    await putWatchedIncidents([watched('closed')]);
    expect(await listWatchedIncidents()).toEqual([watched('closed')]);
  });
});
