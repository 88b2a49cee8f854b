import { useRef, useState } from 'preact/hooks';
import type { EmailAnalysisOptions } from '@/utils/email/email-types';
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

/** The review window's emails: several opened at once are read one after another, each in a worker of its own. */
export function useEmails(options: EmailAnalysisOptions | null): {
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
  const settled = (key: string, reading: EmailFileReading) => setEmails((previous) => previous.map((entry) => (entry.key === key ? { ...entry, reading } : entry)));

  function addEmails(files: readonly File[], attachedTo?: EmailEntry['attachedTo']): void {
    const added: EmailEntry[] = files.map((file) => ({ key: crypto.randomUUID(), file, ...(attachedTo ? { attachedTo } : {}) }));
    setEmails((previous) => [...previous, ...added]);
    for (const entry of added) {
      queue.current = queue.current.then(async () => {
        // A file the browser could not read, or a worker that could not start, is said as unreadable; the emails after it still read.
        const reading = await readEmailFile(entry.file, entry.file.name, latest.current ?? { ownDomains: [] }).catch((): EmailFileReading => ({ ok: false, failure: 'malformed' }));
        settled(entry.key, reading);
        // The emails attached to it are read next, each the evidence of its own indicators.
        const attached = reading.ok ? (reading.analysis.message.attachedEmails ?? []) : [];
        if (attached.length > 0)
          addEmails(
            attached.map(({ name, bytes }) => new File([bytes as BlobPart], name)),
            { key: entry.key, name: entry.file.name },
          );
      });
    }
  }

  return {
    emails,
    addEmails,
    // The emails that came attached to it go with it.
    removeEmail: (key) =>
      setEmails((previous) => {
        const gone = new Set([key]);
        for (const entry of previous) if (entry.attachedTo && gone.has(entry.attachedTo.key)) gone.add(entry.key);
        return previous.filter((entry) => !gone.has(entry.key));
      }),
  };
}
