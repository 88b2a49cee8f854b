import { useRef, useState } from 'preact/hooks';
import { MAX_ATTACHED_BYTES, MAX_ATTACHED_DEPTH } from '@/utils/email/email-limits';
import type { AttachedEmail, EmailAnalysisOptions } from '@/utils/email/email-types';
import { readEmailFile, type EmailFileReading } from '@/utils/email/read-email-file';

/** An email the user opened in the review window: being read, read, or refused with the reason. */
export interface EmailEntry {
  key: string;
  file: File;
  /** The email it was attached to (a user's "forward as attachment"). */
  attachedTo?: { key: string; name: string };
  /** Absent while it waits or is being read. */
  reading?: EmailFileReading;
}

/** What one email's reading needs besides its file: what stops it, where it is in its dropped email's tree, the bytes that tree has left. */
interface Task {
  controller: AbortController;
  parent?: string | undefined;
  /** 0 for an email the user dropped, 1 for one attached to it… */
  depth: number;
  /** Shared by the dropped email and every email attached below it (issue 38). */
  tree: { bytesLeft: number };
}

/** The key and every key of the emails attached below it, by the tasks' parents (a parent's task always comes before its attached emails'). */
function withAttached(key: string, tasks: ReadonlyMap<string, Task>): Set<string> {
  const keys = new Set([key]);
  for (const [other, task] of tasks) if (task.parent !== undefined && keys.has(task.parent)) keys.add(other);
  return keys;
}

/** The reading as kept: its attached emails named, their bytes left out (they are in the attached emails' own files now, and can weigh 25 MB). */
function withoutAttachedBytes(reading: EmailFileReading): EmailFileReading {
  if (!reading.ok || !reading.analysis.message.attachedEmails) return reading;
  const attachedEmails = reading.analysis.message.attachedEmails.map(({ name }) => ({ name, bytes: new Uint8Array(0) }));
  return { ...reading, analysis: { ...reading.analysis, message: { ...reading.analysis.message, attachedEmails } } };
}

/**
 * Frees the attached emails' buffers the worker handed over, now that their
 * files hold a copy: detached at once rather than left, 20 MB each, to the
 * garbage collector (issue 38).
 */
function releaseBytes(attached: readonly AttachedEmail[]): void {
  for (const { bytes } of attached) {
    const buffer = bytes.buffer as ArrayBuffer;
    // transfer() is ES2024 (Chrome 114, Firefox 122); without it the collector frees them.
    if (!buffer.detached) buffer.transfer?.(0);
  }
}

/** The task of an email the user dropped (a tree of its own, the whole byte budget), or of one attached to `parent`'s email, one level down in its tree. */
export function taskFor(parent?: { key: string; task: Task }): Task {
  if (!parent) return { controller: new AbortController(), depth: 0, tree: { bytesLeft: MAX_ATTACHED_BYTES } };
  return { controller: new AbortController(), parent: parent.key, depth: parent.task.depth + 1, tree: parent.task.tree };
}

/**
 * Reads one email within what its tree has left, and takes the emails
 * attached to it out as files of their own, their bytes counted off the
 * tree's budget; undefined when it was removed meanwhile.
 */
async function readWithAttached(file: File, task: Task, options: EmailAnalysisOptions, read: typeof readEmailFile): Promise<{ reading: EmailFileReading; attached: File[] } | undefined> {
  const { signal } = task.controller;
  if (signal.aborted) return undefined;
  const budget = { levels: MAX_ATTACHED_DEPTH - task.depth, bytes: task.tree.bytesLeft };
  // A file the browser could not read, or a worker that could not start, is said as unreadable; the emails after it still read.
  const reading = await read(file, file.name, options, { budget, signal }).catch((): EmailFileReading => ({ ok: false, failure: 'malformed' }));
  if (signal.aborted) return undefined;
  // The emails attached to it are read next, each the evidence of its own indicators.
  const attachedEmails = reading.ok ? (reading.analysis.message.attachedEmails ?? []) : [];
  task.tree.bytesLeft -= attachedEmails.reduce((sum, { bytes }) => sum + bytes.byteLength, 0);
  const attached = attachedEmails.map(({ name, bytes }) => new File([bytes as BlobPart], name));
  releaseBytes(attachedEmails);
  return { reading: withoutAttachedBytes(reading), attached };
}

/**
 * The review window's emails: several opened at once are read one after
 * another, each in a worker of its own. The emails attached to one are read
 * next, within one budget per dropped email (levels and bytes, issue 38);
 * removing an email stops its reading and those of the emails attached to it.
 * `read` is readEmailFile (a test's stand-in otherwise).
 */
export function useEmails(
  options: EmailAnalysisOptions | null,
  read: typeof readEmailFile = readEmailFile,
): {
  emails: EmailEntry[];
  addEmails(files: readonly File[], attachedTo?: EmailEntry['attachedTo']): void;
  removeEmail(key: string): void;
} {
  const [emails, setEmails] = useState<EmailEntry[]>([]);
  // The settings as they are when each email's turn comes (they load as the window opens).
  const latest = useRef(options);
  latest.current = options;
  // One reading at a time, in the order the files came: a second drop waits for the first.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const tasks = useRef(new Map<string, Task>());

  /** Reads one email unless it was removed, then queues the emails attached to it. */
  async function readEntry(entry: EmailEntry, task: Task): Promise<void> {
    const done = await readWithAttached(entry.file, task, latest.current ?? { ownDomains: [] }, read);
    if (!done) return;
    setEmails((previous) => previous.map((other) => (other.key === entry.key ? { ...other, reading: done.reading } : other)));
    if (done.attached.length > 0) addEmails(done.attached, { key: entry.key, name: entry.file.name });
  }

  function addEmails(files: readonly File[], attachedTo?: EmailEntry['attachedTo']): void {
    const parent = attachedTo && tasks.current.get(attachedTo.key);
    // Its email was removed meanwhile.
    if (attachedTo && !parent) return;
    const added: EmailEntry[] = files.map((file) => ({ key: crypto.randomUUID(), file, ...(attachedTo ? { attachedTo } : {}) }));
    setEmails((previous) => [...previous, ...added]);
    for (const entry of added) {
      const task = taskFor(attachedTo && parent ? { key: attachedTo.key, task: parent } : undefined);
      tasks.current.set(entry.key, task);
      queue.current = queue.current.then(() => readEntry(entry, task));
    }
  }

  /** Removes the email and those attached below it, stopping their readings: a queued one never starts, a running one's worker is ended. */
  function removeEmail(key: string): void {
    const gone = withAttached(key, tasks.current);
    for (const removed of gone) {
      tasks.current.get(removed)?.controller.abort();
      tasks.current.delete(removed);
    }
    setEmails((previous) => previous.filter((entry) => !gone.has(entry.key)));
  }

  return { emails, addEmails, removeEmail };
}
