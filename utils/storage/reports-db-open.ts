import { openDB, unwrap, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type IDBPTransaction, type StoreNames } from 'idb';
import type { Incident } from '../api/schemas/incident';
import type { OutboxReport, ReportState } from './report-types';
import { asActionRecord, wasActionRecord } from './action-records';

// The reports database's shape, its numbered upgrade steps, and how it is
// opened, also when a newer version of the extension left it
// (docs/architecture.md, "Going back a version").

/** An incident as the last status refresh (utils/incidents/refresh.ts) saw it. */
export interface WatchedIncident {
  id: string;
  /** As `GET /v1/incidents` (or, for one the list cannot cover, `GET /v1/incident/{id}`) last gave it. */
  incident: Incident;
  /** When it was last fetched (ISO). */
  fetchedAt: string;
  /** When its current status was first seen (ISO): the status's "last update" as far as we know. */
  statusSeenAt: string;
}

/** The stores, as `idb` types them. */
export interface ReportsDb extends DBSchema {
  reports: { key: string; value: OutboxReport; indexes: { updatedAt: string; state: ReportState; incidentId: string } };
  incidents: { key: string; value: WatchedIncident };
  /** `steppedDownTo`: the lowest version that opened this database since this version last ran its steps (v6). */
  meta: { key: string; value: number };
}

const DB_NAME = 'takedown-reporter';
/**
 * Bump with a numbered step in `upgrade` when the stores change. Steps only
 * add (stores, indexes, optional fields): an older version then still uses a
 * newer database (`openNewer`), as it finds every store and index it knows.
 */
const DB_VERSION = 6;
/** The key of the mark an older version leaves in `meta`. */
const STEPPED_DOWN = 'steppedDownTo';

type ReportsStore = IDBPObjectStore<ReportsDb, ArrayLike<StoreNames<ReportsDb>>, 'reports', 'versionchange' | 'readwrite'>;

/** The v4 step: a report the service answered 2xx is `sent`, its id unconfirmed until a lookup links it. */
async function receiveUnconfirmed(store: ReportsStore): Promise<void> {
  for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
    const report = cursor.value;
    if (report.outcome?.status !== 'unconfirmed' || report.incident?.id) continue;
    const stuck = report.state === 'unknown' || (report.state === 'failed' && report.lastProblem?.kind === 'not_received');
    if (!stuck) continue;
    const { lastProblem: _dropped, ...rest } = report;
    await cursor.update({ ...rest, state: 'sent' });
  }
}

/** The v5 step: a draft followed up on an existing incident, stored as a report, becomes an action (issue 44). */
async function markActions(store: ReportsStore): Promise<void> {
  for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (wasActionRecord(cursor.value)) await cursor.update(asActionRecord(cursor.value));
  }
}

/**
 * The steps that rewrite stored reports, by the version that brought them.
 * Each leaves a report it already rewrote as it is, so it may run again over
 * reports an older version wrote after a step down.
 */
const REPORT_STEPS: readonly { version: number; run(store: ReportsStore): Promise<void> }[] = [
  { version: 4, run: receiveUnconfirmed },
  { version: 5, run: markActions },
];

/** Runs, in order, every report step newer than `version`. */
async function rewriteReportsAfter(version: number, store: ReportsStore): Promise<void> {
  for (const step of REPORT_STEPS) if (step.version > version) await step.run(store);
}

type UpgradeTransaction = IDBPTransaction<ReportsDb, StoreNames<ReportsDb>[], 'versionchange'>;

/** The steps that change the stores, by the version that brought them: each runs once, in order, for a database older than it. */
const STORE_STEPS: readonly { version: number; run(database: IDBPDatabase<ReportsDb>, transaction: UpgradeTransaction): void }[] = [
  {
    // v2: the reports. v1 held unsent drafts of development builds only: nothing to carry over.
    version: 2,
    run(database) {
      const untyped = database as unknown as IDBDatabase;
      if (untyped.objectStoreNames.contains('drafts')) untyped.deleteObjectStore('drafts');
      const reports = database.createObjectStore('reports', { keyPath: 'id' });
      reports.createIndex('updatedAt', 'updatedAt');
      reports.createIndex('state', 'state');
    },
  },
  {
    // v3: the incidents the status refresh follows, and reports found by their incident.
    version: 3,
    run(database, transaction) {
      database.createObjectStore('incidents', { keyPath: 'id' });
      transaction.objectStore('reports').createIndex('incidentId', 'incident.id');
    },
  },
  // v6: where an older version notes that it opened this database.
  { version: 6, run: (database) => void database.createObjectStore('meta') },
];

/** Upgrades a database of `oldVersion`: the store steps newer than it, then the report steps (REPORT_STEPS). */
function upgrade(database: IDBPDatabase<ReportsDb>, oldVersion: number, transaction: UpgradeTransaction): void {
  for (const step of STORE_STEPS) if (step.version > oldVersion) step.run(database, transaction);
  // Not awaited: the upgrade transaction stays open until its cursors are done.
  void rewriteReportsAfter(oldVersion, transaction.objectStore('reports'));
}

/**
 * The database, opened at this version; one a newer version left is used as
 * it is when it can be (`openNewer`). Steps an older version's writes missed
 * run again first. `blocking`: another context opens a newer version.
 */
export async function openReportsDb(blocking: () => void): Promise<IDBPDatabase<ReportsDb>> {
  let database: IDBPDatabase<ReportsDb>;
  try {
    database = await openDB<ReportsDb>(DB_NAME, DB_VERSION, { upgrade: (db, oldVersion, _newVersion, transaction) => upgrade(db, oldVersion, transaction), blocking });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'VersionError') return openNewer(blocking);
    throw error;
  }
  await catchUpAfterStepDown(database);
  return database;
}

/** After an older version used this database: its reports get the report steps it did not know, and the mark goes. */
async function catchUpAfterStepDown(database: IDBPDatabase<ReportsDb>): Promise<void> {
  // Read alone first: a write transaction at every open would hold My reports' first page.
  const steppedDownTo = await database.get('meta', STEPPED_DOWN);
  if (steppedDownTo === undefined) return;
  // Each step leaves what it rewrote as it is: another context catching up at once does no harm.
  const transaction = database.transaction(['meta', 'reports'], 'readwrite');
  await rewriteReportsAfter(steppedDownTo, transaction.objectStore('reports'));
  await transaction.objectStore('meta').delete(STEPPED_DOWN);
  await transaction.done;
}

/** Why the reports cannot be used: a newer version of the extension changed the database beyond what this one knows. */
class NewerReportsDbError extends Error {
  constructor(readonly version: number) {
    super(`The reports database is version ${version}; this version of the extension knows up to ${DB_VERSION}.`);
    this.name = 'NewerReportsDbError';
  }
}

/** The version of the newer database the reports could not be read from, when that is why (else undefined). */
export function newerDbVersionOf(error: unknown): number | undefined {
  return error instanceof NewerReportsDbError ? error.version : undefined;
}

/** The stores and indexes this version reads and writes. */
const USED: Readonly<Record<'reports' | 'incidents', readonly string[]>> = { reports: ['updatedAt', 'state', 'incidentId'], incidents: [] };

/** True when the database still has every store and index this version uses. */
function hasWhatThisVersionUses(database: IDBDatabase): boolean {
  return Object.entries(USED).every(([name, indexes]) => {
    if (!database.objectStoreNames.contains(name)) return false;
    const names = database.transaction(name).objectStore(name).indexNames;
    return indexes.every((index) => names.contains(index));
  });
}

/**
 * A database a newer version of the extension left (after going back to an
 * older one; IndexedDB opens no version lower than the stored one): opened at
 * its own version, never changed in shape. Used when it still has what this
 * version uses, and marked so the newer version, once back, runs its report
 * steps again over what this one wrote; otherwise left untouched and said.
 */
async function openNewer(blocking: () => void): Promise<IDBPDatabase<ReportsDb>> {
  const database = await openDB<ReportsDb>(DB_NAME, undefined, { blocking });
  const raw = unwrap(database) as IDBDatabase;
  if (!hasWhatThisVersionUses(raw)) {
    database.close();
    throw new NewerReportsDbError(raw.version);
  }
  if (raw.objectStoreNames.contains('meta')) {
    const marked = await database.get('meta', STEPPED_DOWN);
    await database.put('meta', Math.min(marked ?? DB_VERSION, DB_VERSION), STEPPED_DOWN);
  }
  return database;
}
