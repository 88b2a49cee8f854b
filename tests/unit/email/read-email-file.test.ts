import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEmailJob, type EmailJob, type EmailJobNews } from '@/utils/email/email-job';
import { readEmailFile, type EmailFileReading, type EmailWorker } from '@/utils/email/read-email-file';
import { findIndicators } from '@/utils/indicators/find';

// readEmailFile over a stand-in worker that runs the real job in this thread
// (issue 38): when the worker never comes back from a step (the slow step is
// injected, as a stuck worker), the time limit gives what it told before.

const LOCKED = [
  'From: "Example Bank" <alerts@examplebank-secure.example>',
  'Reply-To: <help@helpdesk-mailer.example>',
  'Subject: Your account is locked',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Unlock it at https://unlock.examplebank-secure.example/now or call +44 20 7946 0321.',
  '',
].join('\r\n');

const TIMEOUT_MS = 20_000;

/** Where the stand-in worker gets stuck: nowhere, once the email is read, or when it looks for the text's indicators. */
type StuckAt = 'nowhere' | 'read' | 'text';

/** A worker running the job here; from `stuckAt` on it tells nothing more, as a worker busy for ever would. `crash` fails it there instead. */
function standInWorker(stuckAt: StuckAt, crash = false) {
  const listeners: { message: ((event: { data: EmailJobNews }) => void)[]; error: ((event: { preventDefault(): void }) => void)[] } = { message: [], error: [] };
  const state = { stuck: false, ended: false, stuckNow: Promise.withResolvers<void>() };
  const getStuck = () => {
    state.stuck = true;
    state.stuckNow.resolve();
    if (crash) queueMicrotask(() => listeners.error.forEach((listener) => listener({ preventDefault: () => undefined })));
  };
  const tell = (news: EmailJobNews) => {
    if (state.stuck || state.ended) return;
    queueMicrotask(() => listeners.message.forEach((listener) => listener({ data: structuredClone(news) })));
    if (stuckAt === 'read' && news.kind === 'read') getStuck();
  };
  const worker: EmailWorker = {
    addEventListener: (type: 'message' | 'error', listener: never) => listeners[type].push(listener),
    postMessage: (job: EmailJob) =>
      void runEmailJob(job, tell, (text, options) => {
        if (stuckAt === 'text') getStuck();
        return findIndicators(text, options);
      }),
    terminate: () => {
      state.ended = true;
    },
  };
  return { worker, state };
}

/** Reads LOCKED through the stand-in, the time limit run out once it is stuck. */
async function readStuck(stuckAt: StuckAt, crash = false): Promise<{ reading: EmailFileReading; ended: boolean }> {
  const { worker, state } = standInWorker(stuckAt, crash);
  const reading = readEmailFile(new Blob([LOCKED]), 'locked.eml', { ownDomains: [] }, { timeoutMs: TIMEOUT_MS, startWorker: () => worker });
  await state.stuckNow.promise;
  await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
  return { reading: await reading, ended: state.ended };
}

/** What the review window lists of a reading: its subject, what is missing, its warnings' kinds and its indicators. */
function shown(reading: EmailFileReading) {
  if (!reading.ok) return reading;
  const { message, warnings, findings } = reading.analysis;
  return {
    subject: message.subject,
    unfinished: reading.unfinished,
    warnings: warnings.map(({ kind }) => kind),
    indicators: findings.map(({ check, text }) => (check.ok ? check.indicator.value : text)),
  };
}

const FROM_HEADERS = ['alerts@examplebank-secure.example', 'examplebank-secure.example', 'help@helpdesk-mailer.example', 'helpdesk-mailer.example'];
const LINK = 'https://unlock.examplebank-secure.example/now';

describe('a reading the time limit ends', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the headers, the warnings and the indicators found before the text’s, saying the text’s could not all be found', async () => {
    const { reading, ended } = await readStuck('text');
    expect(shown(reading)).toEqual({ subject: 'Your account is locked', unfinished: { why: 'timeout', missing: 'text' }, warnings: ['reply_to_elsewhere'], indicators: [...FROM_HEADERS, LINK] });
    expect(ended).toBe(true);
  });

  it('shows the headers of an email read but not analysed, saying its warnings and indicators could not be found', async () => {
    const { reading } = await readStuck('read');
    expect(shown(reading)).toEqual({ subject: 'Your account is locked', unfinished: { why: 'timeout', missing: 'analysis' }, warnings: [], indicators: [] });
  });

  it('keeps what was read when the worker fails after it (out of memory), saying it stopped', async () => {
    const { worker, state } = standInWorker('text', true);
    const reading = await readEmailFile(new Blob([LOCKED]), 'locked.eml', { ownDomains: [] }, { startWorker: () => worker });
    expect(shown(reading)).toMatchObject({ unfinished: { why: 'failed', missing: 'text' }, indicators: [...FROM_HEADERS, LINK] });
    expect(state.ended).toBe(true);
  });

  it('says "timeout" when nothing was read', async () => {
    const worker: EmailWorker = { addEventListener: () => undefined, postMessage: () => undefined, terminate: () => undefined };
    const reading = readEmailFile(new Blob([LOCKED]), 'locked.eml', { ownDomains: [] }, { timeoutMs: TIMEOUT_MS, startWorker: () => worker });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await reading).toEqual({ ok: false, failure: 'timeout' });
  });
});

describe('a reading', () => {
  it('that finishes gives the whole analysis, with nothing said missing', async () => {
    const { worker } = standInWorker('nowhere');
    const reading = await readEmailFile(new Blob([LOCKED]), 'locked.eml', { ownDomains: [] }, { startWorker: () => worker });
    expect(shown(reading)).toEqual({ subject: 'Your account is locked', unfinished: undefined, warnings: ['reply_to_elsewhere'], indicators: [...FROM_HEADERS, LINK, '+442079460321'] });
  });

  it('that is aborted (the email removed) ends its worker and gives up', async () => {
    const { worker, state } = standInWorker('text');
    const controller = new AbortController();
    const reading = readEmailFile(new Blob([LOCKED]), 'locked.eml', { ownDomains: [] }, { startWorker: () => worker, signal: controller.signal });
    await state.stuckNow.promise;
    controller.abort(new Error('removed'));
    await expect(reading).rejects.toThrow('removed');
    expect(state.ended).toBe(true);
  });
});
