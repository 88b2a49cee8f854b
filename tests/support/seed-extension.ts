import type { Page } from '@playwright/test';

// Seeding shared by the end-to-end tests and `npm run bench`: incidents in the
// sandbox, and rows written straight into the extension's IndexedDB (from one
// of its own pages: same origin as its database), as the outbox and the status
// refresh write them.

/** Creates `count` incidents in the sandbox, as if reported earlier; answers their ids. `from` numbers the subjects. */
export async function createIncidents(baseUrl: string, count: number, from = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, offset) => from + start + offset);
    const created = await Promise.all(
      batch.map(async (index) => {
        const response = await fetch(`${baseUrl}/__sandbox/incidents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: 'cl_acme', url: `https://login-${index}.acme-phish.com/`, source: 'CLIENT_REPORTED', status: 'pending_review' }),
        });
        if (!response.ok) throw new Error(`The sandbox did not create incident ${index}: ${await response.text()}`);
        return ((await response.json()) as { data: { id: string } }).data.id;
      }),
    );
    ids.push(...created);
  }
  return ids;
}

/** Writes one sent report per incident into the extension's outbox, as reports made from it would be. `from` numbers them. */
export async function seedReports(page: Page, incidentIds: string[], from = 0): Promise<void> {
  await page.evaluate(
    async ({ ids, from }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('takedown-reporter');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction('reports', 'readwrite');
      const createdAt = new Date(Date.now() - 60 * 60_000).toISOString();
      ids.forEach((incidentId, offset) => {
        const index = from + offset;
        const url = `https://login-${index}.acme-phish.com/`;
        transaction.objectStore('reports').put({
          id: `seed-${index}`,
          createdAt,
          updatedAt: createdAt,
          state: 'sent',
          action: 'tkd',
          subject: { type: 'url', value: url },
          fields: { url },
          files: [],
          origin: 'popup',
          attempts: 1,
          sentAt: createdAt,
          incident: { id: incidentId, status: 'pending_review' },
        });
      });
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    },
    { ids: incidentIds, from },
  );
}

const MY_REPORTS_STATUSES = ['pending_review', 'case_building', 'takedown_in_progress', 'takedown_success', 'closed'];

/**
 * Seeds *My reports*: `reports` reports from this extension (every hundredth
 * failed) and `incidents` other incidents of the account, the account switch
 * on, statuses refreshed three minutes ago.
 */
export async function seedMyReports(page: Page, reports: number, incidents: number): Promise<void> {
  await page.evaluate(
    async ({ reports, incidents, statuses }) => {
      const minute = 60_000;
      const iso = (time: number) => new Date(time).toISOString();
      // The database as the extension opened it, at whatever version it is now.
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('takedown-reporter');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction(['reports', 'incidents'], 'readwrite');
      for (let n = 0; n < reports; n++) {
        const created = Date.UTC(2026, 0, 1) + n * minute;
        const failed = n % 100 === 0;
        transaction.objectStore('reports').put({
          id: `r${n}`,
          createdAt: iso(created),
          updatedAt: iso(created + 60 * minute),
          state: failed ? 'failed' : 'sent',
          action: n % 3 ? 'tkd' : 'monitor',
          subject: { type: 'url', value: `https://login-${n}.acme-verify.example/` },
          fields: { clientId: `cl_${n % 4}` },
          files: [],
          origin: 'menu',
          attempts: 1,
          ...(failed ? { lastProblem: { kind: 'server_error', status: 502 } } : { incident: { id: `inc_r${n}`, status: statuses[n % 5] } }),
        });
      }
      for (let n = 0; n < incidents; n++) {
        const id = `inc_a${n}`;
        const page = n % 3 !== 0;
        transaction.objectStore('incidents').put({
          id,
          fetchedAt: iso(Date.UTC(2026, 0, 6)),
          statusSeenAt: iso(Date.UTC(2026, 0, 3) + n * 30_000),
          incident: {
            id,
            status: statuses[n % 5],
            incidentType: page ? 'page' : 'domain',
            source: n % 4 ? 'SERVICE_DETECTED' : 'CLIENT_REPORTED',
            clientId: `cl_${n % 4}`,
            timestamp: iso(Date.UTC(2025, 11, 1) + n * minute),
            ...(page ? { url: `https://kit-${n}.example/` } : { domain: `kit-${n}.example` }),
          },
        });
      }
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
      const chrome = (globalThis as unknown as { chrome: { storage: { local: { set(items: object): Promise<void> } } } }).chrome;
      await chrome.storage.local.set({ settings: { includeAccountIncidents: true }, refreshState: { lastSuccessAt: new Date(Date.now() - 3 * minute).toISOString() } });
    },
    { reports, incidents, statuses: MY_REPORTS_STATUSES },
  );
}
