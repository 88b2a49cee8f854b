import { runEmailJob, type EmailJob, type EmailJobNews } from './email-job';

// The worker the review window reads each email in (read-email-file.ts
// starts it): parsing a hostile or huge email never blocks the window, and a
// reading that takes too long is stopped by terminating it. It tells the
// page as it goes (email-job.ts), so what was read before then is kept.

/** A worker's postMessage takes no target origin (the DOM typings know only the window's). */
const page = self as unknown as { postMessage(message: EmailJobNews, transfer: Transferable[]): void };

self.addEventListener('message', (event: MessageEvent<EmailJob>) => {
  void runEmailJob(event.data, (news, transfer = []) => page.postMessage(news, transfer));
});
