import type { EmailFindings, EmailJob, EmailJobNews } from './email-job';
import type { AttachedEmailBudget, EmailAnalysis, EmailAnalysisOptions, EmailMessage, EmailReadFailure, EmailUnfinished } from './email-types';
import { MAX_EMAIL_BYTES } from './email-limits';

// Reads an email file off the page's thread (issue 23): a worker of its own
// per email, ended when it answers or after EMAIL_READ_TIMEOUT_MS, so a MIME
// bomb or a 10,000-link newsletter never hangs the review window. The worker
// tells what it has as it goes (issue 38): a reading cut short still gives
// the headers, the warnings and the indicators found before it stopped.

/** How long one email may take to read before the reader gives up on it. */
export const EMAIL_READ_TIMEOUT_MS = 20_000;

/** An email read and analysed (or as far as it went: `unfinished` says what is missing), or why it could not be. */
export type EmailFileReading = { ok: true; analysis: EmailAnalysis; unfinished?: EmailUnfinished } | { ok: false; failure: EmailReadFailure };

/** The worker as the reading uses it: a real one, or a test's stand-in. */
export interface EmailWorker {
  addEventListener(type: 'message', listener: (event: { data: EmailJobNews }) => void): void;
  addEventListener(type: 'error', listener: (event: { preventDefault(): void }) => void): void;
  postMessage(job: EmailJob, transfer: Transferable[]): void;
  terminate(): void;
}

/** How one reading runs: what its attached emails may take, how long it may take, what stops it (the user removed the email), the worker it runs in. */
export interface EmailReadControl {
  /** Absent for an email dropped by the user: the whole budget. */
  budget?: AttachedEmailBudget;
  timeoutMs?: number;
  signal?: AbortSignal;
  startWorker?: () => EmailWorker;
}

/** A worker of its own for one email (the literal URL is what the bundler builds the worker from). */
function startEmailWorker(): EmailWorker {
  return new Worker(new URL('./email-worker.ts', import.meta.url), { type: 'module' }) as unknown as EmailWorker;
}

/** What the worker told so far. */
interface Told {
  message?: EmailMessage;
  findings?: EmailFindings;
}

/** The message and its analysis as one, the analysis's notes on the message. */
function withFindings(message: EmailMessage, { notes, ...findings }: EmailFindings): EmailAnalysis {
  return { message: { ...message, notes }, ...findings };
}

/** The reading as far as the worker went when it stopped: what it told, with what is missing; nothing read, the `failure`. */
function cutShort(told: Told, why: EmailUnfinished['why'], failure: EmailReadFailure): EmailFileReading {
  if (!told.message) return { ok: false, failure };
  const analysis = told.findings ? withFindings(told.message, told.findings) : { message: told.message, auth: [], received: { hops: [] }, warnings: [], findings: [] };
  return { ok: true, analysis, unfinished: { why, missing: told.findings ? 'text' : 'analysis' } };
}

/** The reading once the worker's news `news` came, or undefined while it goes on. */
function settle(told: Told, news: EmailJobNews): EmailFileReading | undefined {
  if (news.kind === 'read') told.message = news.message;
  else if (news.kind === 'failed') return cutShort(told, 'failed', news.failure);
  else if (news.done && told.message) return { ok: true, analysis: withFindings(told.message, news.findings) };
  else told.findings = news.findings;
  return undefined;
}

/**
 * Reads and analyses one email file (.eml or .msg) in a worker; files over
 * the size limit are refused unread. Ended by the time limit or the worker
 * failing, it gives what was read (`unfinished`); aborted by `signal`, the
 * worker is ended and the promise rejects with the signal's reason.
 */
export async function readEmailFile(file: Blob, fileName: string, options: EmailAnalysisOptions, control: EmailReadControl = {}): Promise<EmailFileReading> {
  const { budget, timeoutMs = EMAIL_READ_TIMEOUT_MS, signal, startWorker = startEmailWorker } = control;
  signal?.throwIfAborted();
  if (file.size > MAX_EMAIL_BYTES) return { ok: false, failure: 'too_large' };
  const bytes = await file.arrayBuffer();
  signal?.throwIfAborted();
  const worker = startWorker();
  const told: Told = {};
  try {
    return await new Promise<EmailFileReading>((resolve, reject) => {
      const timer = setTimeout(() => resolve(cutShort(told, 'timeout', 'timeout')), timeoutMs);
      const finish = (reading: EmailFileReading) => {
        clearTimeout(timer);
        resolve(reading);
      };
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
      worker.addEventListener('message', (event) => {
        const reading = settle(told, event.data);
        if (reading) finish(reading);
      });
      worker.addEventListener('error', (event) => {
        // An error the reader did not catch (out of memory on a hostile email): what it read is kept, else said as unreadable.
        event.preventDefault();
        finish(cutShort(told, 'failed', 'malformed'));
      });
      const job: EmailJob = { bytes, fileName, options: { ...options, ownDomains: [...options.ownDomains] }, ...(budget ? { budget } : {}) };
      worker.postMessage(job, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}
