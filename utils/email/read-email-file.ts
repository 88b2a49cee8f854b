import type { EmailAnalysis, EmailAnalysisOptions, EmailReadFailure } from './email-types';
import type { EmailJob } from './email-worker';
import { MAX_EMAIL_BYTES } from './email-limits';

// Reads an email file off the page's thread (issue 23): a worker of its own
// per email, ended when it answers or after EMAIL_READ_TIMEOUT_MS, so a MIME
// bomb or a 10,000-link newsletter never hangs the review window.

/** How long one email may take to read before the reader gives up on it. */
export const EMAIL_READ_TIMEOUT_MS = 20_000;

/** An email read and analysed, or why it could not be. */
export type EmailFileReading = { ok: true; analysis: EmailAnalysis } | { ok: false; failure: EmailReadFailure };

/** Reads and analyses one email file (.eml or .msg) in a worker; files over the size limit are refused unread. */
export async function readEmailFile(file: Blob, fileName: string, options: EmailAnalysisOptions, timeoutMs = EMAIL_READ_TIMEOUT_MS): Promise<EmailFileReading> {
  if (file.size > MAX_EMAIL_BYTES) return { ok: false, failure: 'too_large' };
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./email-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<EmailFileReading>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, failure: 'timeout' }), timeoutMs);
      worker.addEventListener('message', (event: MessageEvent<EmailFileReading>) => {
        clearTimeout(timer);
        resolve(event.data);
      });
      worker.addEventListener('error', (event) => {
        // An error the reader did not catch (out of memory on a hostile email): said as unreadable.
        event.preventDefault();
        clearTimeout(timer);
        resolve({ ok: false, failure: 'malformed' });
      });
      const job: EmailJob = { bytes, fileName, options: { ...options, ownDomains: [...options.ownDomains] } };
      worker.postMessage(job, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}
