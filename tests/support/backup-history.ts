// The report history the backup tests of both browsers export and import:
// three reports (sent with a screenshot, failed, left sending) and a draft,
// which an export never carries.

export const BACKUP_SUBJECTS = ['https://login.acme-verify.example/', 'refunds@acme-billing.com', 'https://pay.evil-link.example/checkout'];

/**
 * Writes those reports straight into the extension's database, as the outbox
 * would have; opened at whatever version the extension made it. Runs in an
 * extension page: `page.evaluate(seedBackupReports, BACKUP_SUBJECTS)`.
 */
export const seedBackupReports = async (subjects: string[]): Promise<void> => {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('takedown-reporter');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const store = db.transaction('reports', 'readwrite').objectStore('reports');
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10, minutes)).toISOString();
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  const base = { action: 'tkd', origin: 'menu', attempts: 1, createdAt: at(0), updatedAt: at(1), sentAt: at(0) };
  store.put({
    ...base,
    id: 'r-sent',
    state: 'sent',
    subject: { type: 'url', value: subjects[0] },
    fields: { url: subjects[0] },
    files: [{ name: 'screenshot.png', type: 'image/png', blob: png, role: 'screenshot' }],
    incident: { id: 'inc_backup_1', status: 'takedown_in_progress' },
  });
  store.put({
    ...base,
    id: 'r-failed',
    state: 'failed',
    subject: { type: 'email', value: subjects[1] },
    fields: { incidentType: 'email', subject: subjects[1] },
    files: [],
    lastProblem: { kind: 'server_error', status: 502 },
  });
  store.put({ ...base, id: 'r-sending', state: 'sending', action: 'monitor', subject: { type: 'url', value: subjects[2] }, fields: { url: subjects[2] }, files: [] });
  store.put({ ...base, id: 'r-draft', state: 'draft', attempts: 0, subject: { type: 'url', value: 'https://draft.example/' }, fields: {}, files: [] });
  await new Promise((resolve) => (store.transaction.oncomplete = resolve));
  db.close();
};
