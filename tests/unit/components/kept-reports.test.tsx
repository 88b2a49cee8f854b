// @vitest-environment happy-dom
import { render, type JSX } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetKeptReports, keepReportsRender, showKeptReports } from '@/components/my-reports/kept-reports';
import type { RecentPage } from '@/utils/report/report-store';

// My reports' kept first render (components/my-reports/kept-reports.ts):
// kept after the options page's first render when it shows report rows,
// shown by the next open's first script once the first page is read, only
// when that page (and the page's place, window, version, language) is the
// same, and taken over by the app's render without a second set of rows.

const KEPT_KEY = 'takedown-reporter:reports-shell';

const report = (id: string, updatedAt: string) => ({ id, updatedAt, state: 'sent', subject: { kind: 'url', value: `https://${id}.example/` } });
const PAGE = { reports: [report('r2', '2026-11-28T10:00:00Z'), report('r1', '2026-11-27T10:00:00Z')], watched: [] } as unknown as RecentPage;

/** The app's render of the page: its rows, a sort button and a delete button per row (a stand-in for OptionsApp). */
function App({ page }: { page: RecentPage }): JSX.Element {
  return (
    <main class="options-main">
      <table class="report-table">
        <thead>
          <tr>
            <th>
              <button type="button" class="sort-button" onClick={() => undefined}>
                Updated
              </button>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.reports.map((shown) => (
            <tr key={shown.id} id={`report-${shown.id}`} class="report-row">
              <td>{shown.subject.value}</td>
              <td>
                <button type="button" class="link-button" onClick={() => undefined}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

/** A new options page: an empty #app, nothing marked, at this fragment. */
function newPage(hash = '#reports'): HTMLElement {
  document.body.innerHTML = '<div id="app"></div>';
  performance.clearMarks();
  location.hash = hash;
  return document.getElementById('app')!;
}

/** One open: the first script over this first page (or a read that fails), then the app's first render, kept. */
async function openOptions(page: RecentPage | Error = PAGE, hash = '#reports'): Promise<HTMLElement> {
  const app = newPage(hash);
  await showKeptReports(page instanceof Error ? Promise.reject(page) : Promise.resolve(page)).catch(() => undefined);
  return app;
}

async function renderAndKeep(app: HTMLElement, page: RecentPage = PAGE): Promise<void> {
  render(<App page={page} />, app);
  await keepReportsRender(app);
}

beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '1.2.3' });
  Object.assign(fakeBrowser.i18n, { getUILanguage: () => 'en-US' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('My reports’ kept first render', () => {
  it('shows nothing on a first open, and keeps the first render with rows under the key the first script read', async () => {
    const app = await openOptions();
    expect(app.childElementCount).toBe(0);
    expect(performance.getEntriesByName('my-reports-rows')).toHaveLength(0);
    expect(app.dataset.reportsKey).toMatch(/^[0-9a-f]{64}$/);
    await renderAndKeep(app);
    const kept = JSON.parse(localStorage.getItem(KEPT_KEY)!);
    expect(kept).toMatchObject({ place: '#reports', key: app.dataset.reportsKey });
    expect(kept.html).toContain('https://r2.example/');
  });

  it('shows the kept rows on the next open once the first page is read, marks them, its buttons waiting for the app', async () => {
    await renderAndKeep(await openOptions());
    const app = await openOptions();
    expect(Array.from(app.querySelectorAll('.report-row'), (row) => row.id)).toEqual(['report-r2', 'report-r1']);
    expect(performance.getEntriesByName('my-reports-rows')).toMatchObject([{ detail: 'shell' }]);
    for (const button of app.querySelectorAll('button')) expect(button.disabled).toBe(true);
  });

  it('is taken over by the app’s render: the same rows, not a second set, its buttons answering', async () => {
    await renderAndKeep(await openOptions());
    const app = await openOptions();
    const shownRow = document.getElementById('report-r2');
    await renderAndKeep(app);
    expect(app.querySelectorAll('.report-row')).toHaveLength(2);
    expect(app.querySelectorAll('table')).toHaveLength(1);
    // Preact reused the nodes shown: nothing was painted again.
    expect(document.getElementById('report-r2')).toBe(shownRow);
    for (const button of app.querySelectorAll('button')) expect(button.disabled).toBe(false);
    expect('shell' in app.dataset).toBe(false);
  });

  it('deletes the kept render when the first page changed since (a new report, a new status), and shows nothing', async () => {
    await renderAndKeep(await openOptions());
    const changed = { ...PAGE, reports: [report('r3', '2026-11-29T10:00:00Z'), ...PAGE.reports] } as unknown as RecentPage;
    const app = await openOptions(changed);
    expect(app.childElementCount).toBe(0);
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();
    expect(performance.getEntriesByName('my-reports-rows')).toHaveLength(0);
  });

  it('shows nothing when the page opens on another section, and keeps the render for My reports', async () => {
    await renderAndKeep(await openOptions());
    const app = await openOptions(PAGE, '#connection');
    expect(app.childElementCount).toBe(0);
    // Another section's first render has no rows: nothing is kept over My reports'.
    render(<main class="options-main" />, app);
    await keepReportsRender(app);
    expect(JSON.parse(localStorage.getItem(KEPT_KEY)!).place).toBe('#reports');
    expect((await openOptions()).querySelectorAll('.report-row')).toHaveLength(2);
  });

  it('keeps nothing when the first render has no rows (an empty outbox)', async () => {
    const empty = { reports: [], watched: [] } as unknown as RecentPage;
    await renderAndKeep(await openOptions(empty), empty);
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();
  });

  it('shows nothing when the first page cannot be read (the app says why)', async () => {
    await renderAndKeep(await openOptions());
    const app = await openOptions(new Error('blocked'));
    expect(app.childElementCount).toBe(0);
    expect(performance.getEntriesByName('my-reports-rows')).toHaveLength(0);
  });

  it('leaves the app’s render standing when it came first', async () => {
    await renderAndKeep(await openOptions());
    const app = newPage();
    let answer!: (page: RecentPage) => void;
    const shown = showKeptReports(new Promise((resolve) => (answer = resolve)));
    render(<App page={PAGE} />, app);
    answer(PAGE);
    await shown;
    expect(app.querySelectorAll('.report-row')).toHaveLength(2);
    expect(performance.getEntriesByName('my-reports-rows')).toHaveLength(0);
  });

  it.each([
    ['a new version', () => vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '1.2.4' })],
    ['another language', () => Object.assign(fakeBrowser.i18n, { getUILanguage: () => 'de' })],
    ['another window height (another number of rows in view)', () => vi.stubGlobal('innerHeight', globalThis.innerHeight + 100)],
  ])('shows nothing after %s', async (_what, change) => {
    await renderAndKeep(await openOptions());
    change();
    const app = await openOptions();
    expect(app.childElementCount).toBe(0);
    vi.unstubAllGlobals();
  });
});

describe('the page’s module, added by the first script (components/ui/page-module.ts)', () => {
  /** One open whose first page answers when told: when `loadApp` was called, against when the kept rows showed. */
  async function openWatchingLoad(): Promise<{ app: HTMLElement; events: string[]; answer: () => Promise<void> }> {
    const app = newPage();
    const events: string[] = [];
    let answer!: (page: RecentPage) => void;
    const shown = showKeptReports(new Promise((resolve) => (answer = resolve)), () => events.push(app.querySelector('.report-row') ? 'load after rows' : 'load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return {
      app,
      events,
      answer: async () => {
        answer(PAGE);
        await shown;
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
    };
  }

  it('with no kept render, is added at once, before the first page is read, and once', async () => {
    const { events, answer } = await openWatchingLoad();
    expect(events).toEqual(['load']);
    await answer();
    expect(events).toEqual(['load']);
  });

  it('with a kept render, waits until its rows are in, then is added once', async () => {
    await renderAndKeep(await openOptions());
    const { events, answer } = await openWatchingLoad();
    expect(events).toEqual([]);
    await answer();
    expect(events).toEqual(['load after rows']);
  });

  it('with a stale kept render, is added once it is found stale', async () => {
    await renderAndKeep(await openOptions());
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '9.9.9' });
    const { app, events, answer } = await openWatchingLoad();
    expect(events).toEqual([]);
    await answer();
    expect(events).toEqual(['load']);
    expect(app.childElementCount).toBe(0);
  });

  it('when the kept render cannot even be read back (a parser that throws), is added all the same, once', async () => {
    await renderAndKeep(await openOptions());
    newPage();
    const loads: string[] = [];
    vi.stubGlobal(
      'DOMParser',
      class {
        parseFromString(): never {
          throw new Error('no parser');
        }
      },
    );
    await showKeptReports(Promise.resolve(PAGE), () => loads.push('load')).catch(() => undefined);
    vi.unstubAllGlobals();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toEqual(['load']);
  });

  it('when the first page cannot be read, is added all the same (the app says why)', async () => {
    await renderAndKeep(await openOptions());
    const app = newPage();
    const loads: string[] = [];
    await showKeptReports(Promise.reject(new Error('blocked')), () => loads.push('load')).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toEqual(['load']);
    expect(app.childElementCount).toBe(0);
  });
});

describe('forgetting the connection', () => {
  it('deletes the kept rows, subjects and all, at once', () => {
    localStorage.setItem('takedown-reporter:reports-shell', JSON.stringify({ place: '#reports', key: 'k', html: '<tr><td>https://phish.example/login</td></tr>' }));
    forgetKeptReports();
    expect(localStorage.getItem('takedown-reporter:reports-shell')).toBeNull();
  });
});
