import { analyseEmail } from './analyse-email';
import { readEmail } from './email-reader';
import type { EmailAnalysisOptions } from './email-types';
import type { EmailFileReading } from './read-email-file';

// The worker the review window reads each email in (read-email-file.ts
// starts it): parsing a hostile or huge email never blocks the window, and a
// reading that takes too long is stopped by terminating it.

/** What the page sends: the email's bytes (transferred) and the settings the analysis needs. */
export interface EmailJob {
  bytes: ArrayBuffer;
  fileName: string;
  options: EmailAnalysisOptions;
}

self.addEventListener('message', (event: MessageEvent<EmailJob>) => {
  const { bytes, fileName, options } = event.data;
  void readEmail(new Uint8Array(bytes), fileName)
    .then((read): EmailFileReading => (read.ok ? { ok: true, analysis: analyseEmail(read.message, options) } : read))
    .catch((): EmailFileReading => ({ ok: false, failure: 'malformed' }))
    // A worker's postMessage takes no target origin (the DOM typings know only the window's).
    .then((reading) => (self as unknown as { postMessage(message: EmailFileReading): void }).postMessage(reading));
});
