import { Window } from 'happy-dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsInFirstView } from '@/components/my-reports/table-size';
import type { ReportsView } from '@/components/my-reports/use-reports';

// My reports' reads (components/my-reports/use-reports.ts) over a stand-in
// report store whose every read is answered by the test. The database does
// one thing at a time (issue 24), so what the first paint waits for goes
// first, alone; everything else after it.

type Pending<T> = { resolve(value: T): void; reject(error: Error): void; promise: Promise<T> };
function pending<T>(): Pending<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { resolve, reject, promise };
}

const store = vi.hoisted(() => ({
  calls: [] as string[],
  reads: new Map<string, { resolve(value: unknown): void; reject(error: Error): void }[]>(),
  reportWatchers: [] as (() => void)[],
  refreshWatchers: [] as ((state: unknown) => void)[],
}));

/** A read the test answers: its name is logged, its answer waits for `answer(name, value)`. */
function read(name: string): Promise<unknown> {
  store.calls.push(name);
  const next = pending<unknown>();
  store.reads.set(name.split(' ')[0]!, [...(store.reads.get(name.split(' ')[0]!) ?? []), next]);
  return next.promise;
}

/** Answers the oldest unanswered read of that name. */
async function answer(name: string, value: unknown): Promise<void> {
  const waiting = store.reads.get(name) ?? [];
  const next = waiting.shift();
  if (!next) throw new Error(`No read of ${name} is waiting (${store.calls.join(', ')}).`);
  await act(async () => {
    next.resolve(value);
    await settle();
  });
}

/** Fails the oldest unanswered read of that name (with `error`, or the database's plain failure). */
async function refuse(name: string, error = new Error('The database could not be read.')): Promise<void> {
  const next = (store.reads.get(name) ?? []).shift();
  if (!next) throw new Error(`No read of ${name} is waiting (${store.calls.join(', ')}).`);
  await act(async () => {
    next.reject(error);
    await settle();
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

vi.mock('@/utils/report/report-store', () => ({
  readRecentPage: (states: string[], limit: number) => read(`page ${states.join('/')} ${limit}`),
  countReports: () => read('count'),
  listReports: (states: string[]) => read(`all ${states.join('/')}`),
  listWatchedIncidents: () => read('incidents'),
  // The stand-in's failure of a newer version's database carries its version.
  newerDbVersionOf: (error: unknown) => (error as { newerVersion?: number }).newerVersion,
  watchReportChanges: (callback: () => void) => {
    store.reportWatchers.push(callback);
    return () => store.reportWatchers.splice(store.reportWatchers.indexOf(callback), 1);
  },
}));
vi.mock('@/utils/incidents/refresh-view', () => ({
  readRefreshState: () => read('refresh'),
  watchRefreshState: (callback: (state: unknown) => void) => {
    store.refreshWatchers.push(callback);
    return () => store.refreshWatchers.splice(store.refreshWatchers.indexOf(callback), 1);
  },
}));

const SHOWN = 'queued/sending/sent/duplicate/failed/unknown';
const window = new Window();
beforeAll(() => {
  Object.assign(globalThis, { document: window.document });
});
afterAll(async () => {
  delete (globalThis as Record<string, unknown>).document;
  await window.happyDOM.close();
});

let root: HTMLElement;
let view: ReportsView;
beforeEach(() => {
  vi.resetModules();
  store.calls.length = 0;
  store.reads.clear();
  store.reportWatchers.length = 0;
  store.refreshWatchers.length = 0;
  vi.stubGlobal('innerHeight', 720);
  root = window.document.createElement('div') as unknown as HTMLElement;
});
afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

/** Renders a component holding the hook; `view` is what it answered last. */
async function mount(): Promise<void> {
  const { useReports } = await import('@/components/my-reports/use-reports');
  function Holder() {
    view = useReports();
    return null;
  }
  await act(() => render(<Holder />, root));
}

const page = { reports: [{ id: 'r1' }], watched: [] };

describe('My reports’ first reads', () => {
  it('read the first page alone, as many rows as the first view renders, in the states listed; the count and everything else once it is in', async () => {
    const { startReportReadsEarly } = await import('@/components/my-reports/early-report-reads');
    const first = startReportReadsEarly();
    await settle();
    expect(store.calls).toEqual([`page ${SHOWN} 20`]);
    await answer('page', page);
    await first;
    expect(store.calls).toEqual([`page ${SHOWN} 20`, 'count', `all ${SHOWN}`, 'incidents']);
  });

  it('the first render has what the early reads brought; the hook then follows the rest', async () => {
    const { startReportReadsEarly } = await import('@/components/my-reports/early-report-reads');
    const first = startReportReadsEarly();
    await answer('page', page);
    await first;
    await answer('count', 10_100);
    await mount();
    // Taken as they were, not read again.
    expect(store.calls).toEqual([`page ${SHOWN} 20`, 'count', `all ${SHOWN}`, 'incidents', 'refresh']);
    expect(view).toMatchObject({ preview: page, total: 10_100, reports: null, watched: null });
  });
});

describe('My reports’ first page read ahead (options.html’s first script)', () => {
  it('starts the first page’s read before the app’s code; the app takes that read, not a second one', async () => {
    const ahead = await import('@/components/my-reports/early-report-reads');
    ahead.readFirstPageAhead();
    await settle();
    expect(store.calls).toEqual([`page ${SHOWN} 20`]);
    // The app's bundle holds its own copy of the module: the read is handed over through the page's global.
    vi.resetModules();
    const { startReportReadsEarly } = await import('@/components/my-reports/early-report-reads');
    const first = startReportReadsEarly();
    await answer('page', page);
    await first;
    expect(store.calls).toEqual([`page ${SHOWN} 20`, 'count', `all ${SHOWN}`, 'incidents']);
    await mount();
    expect(view).toMatchObject({ preview: page });
  });
});

describe('useReports without early reads', () => {
  it('reads for itself: the first page and the count show until the reports and the incidents are both in', async () => {
    await mount();
    expect(view).toMatchObject({ preview: null, total: null, reports: null, watched: null, refresh: {} });
    await answer('page', page);
    await answer('count', 3);
    expect(view).toMatchObject({ preview: page, total: 3 });
    await answer('all', [{ id: 'r1' }, { id: 'r2' }]);
    // The reports without their incidents: the first page still shows.
    expect(view).toMatchObject({ preview: page, reports: [{ id: 'r1' }, { id: 'r2' }], watched: null });
    await answer('incidents', [{ id: 'inc_1' }]);
    expect(view).toMatchObject({ preview: null, reports: [{ id: 'r1' }, { id: 'r2' }], watched: [{ id: 'inc_1' }] });
    await answer('refresh', { lastRunAt: 'now' });
    expect(view.refresh).toEqual({ lastRunAt: 'now' });
  });

  it('reads the reports again on a change made anywhere, and on demand; the incidents after each refresh', async () => {
    await mount();
    await answer('all', []);
    await answer('incidents', []);
    act(() => store.reportWatchers[0]!());
    await answer('all', [{ id: 'r9' }]);
    expect(view.reports).toEqual([{ id: 'r9' }]);
    act(() => view.reloadReports());
    await answer('all', [{ id: 'r10' }]);
    expect(view.reports).toEqual([{ id: 'r10' }]);
    act(() => store.refreshWatchers[0]!({ running: true }));
    await answer('incidents', [{ id: 'inc_2' }]);
    expect(view).toMatchObject({ refresh: { running: true }, watched: [{ id: 'inc_2' }] });
    expect(store.calls.filter((call) => call === `all ${SHOWN}`)).toHaveLength(3);
  });

  it.each(['all', 'incidents'])('says the reports cannot be read when the first read of %s fails', async (failing) => {
    await mount();
    expect(view.problem).toBeNull();
    await refuse(failing);
    expect(view.problem).toEqual({ kind: 'reports_unreadable' });
  });

  it.each(['all', 'incidents'])('says a newer version left reports this one cannot read when the first read of %s fails so', async (failing) => {
    await mount();
    await refuse(failing, Object.assign(new Error('The reports database is version 12.'), { newerVersion: 12 }));
    expect(view.problem).toEqual({ kind: 'reports_unreadable', newer: 12 });
  });

  it('says so when a read after a change fails, keeping what it had', async () => {
    await mount();
    await answer('all', [{ id: 'r1' }]);
    await answer('incidents', []);
    act(() => view.reloadReports());
    await refuse('all');
    expect(view).toMatchObject({ problem: { kind: 'reports_unreadable' }, reports: [{ id: 'r1' }] });
    act(() => store.refreshWatchers[0]!({}));
    await refuse('incidents');
    expect(view).toMatchObject({ problem: { kind: 'reports_unreadable' }, watched: [] });
  });

  it('sets nothing once unmounted, and stops following', async () => {
    await mount();
    const before = view;
    act(() => render(null, root));
    await answer('page', page);
    await answer('count', 3);
    await answer('all', []);
    expect(view).toBe(before);
    expect(store.reportWatchers).toHaveLength(0);
    expect(store.refreshWatchers).toHaveLength(0);
  });
});

describe('rowsInFirstView', () => {
  // The scroller is 70 % of the window tall; a row 45 px; 8 rendered beyond the last in view.
  it.each([
    [720, 12 + 8],
    [1440, 23 + 8],
    [2160, 34 + 8],
    [0, 8],
  ])('in a window %i px tall: %i rows', (height, rows) => {
    expect(rowsInFirstView(height)).toBe(rows);
  });
});
