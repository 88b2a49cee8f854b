import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ReportFields } from '../api/schemas/report';
import type { Problem } from '../messaging/problems';
import type { ReportOutcome } from '../api/schemas/report';

// Report drafts and their files live in IndexedDB: files never cross runtime
// messaging (Blobs arrive empty), so a page writes the draft here and hands
// the background only its id. A draft is deleted only on purpose: a report
// that failed keeps its fields and evidence, ready to send again.

/** The action a report asks for: takedown (`/v1/incident/tkd`) or monitoring. */
export type ReportAction = 'tkd' | 'monitor';

/** A file kept with a draft, with its name and type. */
export interface DraftFile {
  name: string;
  type: string;
  blob: Blob;
}

export type DraftState = 'draft' | 'sending' | 'failed' | 'sent';

/** A report as written, with its evidence, and what became of it. */
export interface ReportDraft {
  id: string;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  action: ReportAction;
  fields: ReportFields;
  files: DraftFile[];
  state: DraftState;
  /** Why the last send failed (state `failed`). */
  lastProblem?: Problem;
  /** What the service did with it (state `sent`). */
  outcome?: ReportOutcome;
}

/** What a page gives to create a draft. */
export type NewDraft = Pick<ReportDraft, 'action' | 'fields' | 'files'>;

interface DraftsDb extends DBSchema {
  drafts: { key: string; value: ReportDraft; indexes: { updatedAt: string } };
}

const DB_NAME = 'takedown-reporter';
/** Bump with a numbered step in `upgrade` when the stores change. */
const DB_VERSION = 1;

let opened: Promise<IDBPDatabase<DraftsDb>> | undefined;

function db(): Promise<IDBPDatabase<DraftsDb>> {
  opened ??= openDB<DraftsDb>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      // Numbered steps: each runs once, in order, for a database older than it.
      if (oldVersion < 1) {
        const drafts = database.createObjectStore('drafts', { keyPath: 'id' });
        drafts.createIndex('updatedAt', 'updatedAt');
      }
    },
  });
  return opened;
}

/** Closes the database and forgets the connection (tests use a fresh IndexedDB each). */
export async function closeDraftsDb(): Promise<void> {
  const current = opened;
  opened = undefined;
  if (current) (await current).close();
}

/** Saves a new draft with its files; returns its id. */
export async function saveDraft(input: NewDraft, now: Date = new Date()): Promise<string> {
  const at = now.toISOString();
  const draft: ReportDraft = { ...input, id: crypto.randomUUID(), createdAt: at, updatedAt: at, state: 'draft' };
  await (await db()).put('drafts', draft);
  return draft.id;
}

/** The draft with this id, or undefined. */
export async function getDraft(id: string): Promise<ReportDraft | undefined> {
  return (await db()).get('drafts', id);
}

/** Changes a draft (its state, its outcome, its fields) and stamps it; throws for an unknown id. */
export async function updateDraft(
  id: string,
  patch: Partial<Omit<ReportDraft, 'id' | 'createdAt' | 'updatedAt'>>,
  now: Date = new Date(),
): Promise<ReportDraft> {
  const database = await db();
  const transaction = database.transaction('drafts', 'readwrite');
  const current = await transaction.store.get(id);
  if (!current) throw new Error(`No report draft with id ${id}.`);
  const next: ReportDraft = { ...current, ...patch, id, createdAt: current.createdAt, updatedAt: now.toISOString() };
  await transaction.store.put(next);
  await transaction.done;
  return next;
}

/** Deletes a draft and its files. */
export async function deleteDraft(id: string): Promise<void> {
  await (await db()).delete('drafts', id);
}

/** Every draft, newest first; only those in `state` when given. */
export async function listDrafts(filter: { state?: DraftState } = {}): Promise<ReportDraft[]> {
  const all = await (await db()).getAllFromIndex('drafts', 'updatedAt');
  const newestFirst = all.reverse();
  return filter.state ? newestFirst.filter((draft) => draft.state === filter.state) : newestFirst;
}

/** A draft's files as named, typed Files, ready for upload. */
export function draftAttachments(draft: ReportDraft): File[] {
  return draft.files.map((file) => new File([file.blob], file.name, { type: file.type }));
}
