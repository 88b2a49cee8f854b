import { test, expect } from './fixtures.ts';
import { MyReports } from './pages/my-reports.ts';
import { seedMyReports } from '../support/seed-extension.ts';

// My reports' kept first render (components/my-reports/kept-reports.ts): the
// options page keeps its first render with rows; the next open over the same
// first page shows it from options.html's first script, before the app's
// code, and the app takes those very rows over.

/** In the page, before its scripts: what was in the document when `my-reports-rows` was marked, and whether the kept render brought it. */
function watchFirstRows(): void {
  const seen: { row?: Element; rows?: number; fromShell?: boolean; takenOver?: boolean; repeated?: number } = {};
  Object.assign(globalThis, { firstRows: seen });
  const mark = performance.mark.bind(performance);
  performance.mark = (name: string, options?: PerformanceMarkOptions) => {
    if (name === 'my-reports-rows' && !seen.row) {
      seen.row = document.querySelector('.report-row') ?? undefined;
      seen.rows = document.querySelectorAll('.report-row').length;
      const app = document.getElementById('app')!;
      seen.fromShell = 'shell' in app.dataset;
      // The app's first render ends by taking the kept render's flag off: is the row painted before still there then?
      new MutationObserver((_records, observer) => {
        if ('shell' in app.dataset) return;
        observer.disconnect();
        seen.takenOver = seen.row?.isConnected;
        // Rows by id: a second set of the same rows would repeat ids.
        const ids = Array.from(app.querySelectorAll('.report-row'), (row) => row.id);
        seen.repeated = ids.length - new Set(ids).size;
      }).observe(app, { attributes: true });
    }
    return mark(name, options);
  };
}

test('the next open shows the first rows before the app, which takes them over', async ({ optionsPage }) => {
  const { page } = optionsPage;
  await optionsPage.open('reports');
  await seedMyReports(page, 30, 0);
  // The first open over these reports renders from the app, and keeps that render once idle.
  await page.reload();
  const reports = new MyReports(page);
  await expect(reports.count).toHaveText('30 of 30');
  await page.waitForFunction(() => localStorage.getItem('takedown-reporter:reports-shell') !== null);

  await page.addInitScript(watchFirstRows);
  await page.reload();
  await expect(reports.count).toHaveText('30 of 30');
  const first = await page.evaluate(() => {
    type Seen = { row?: Element; rows?: number; fromShell?: boolean; takenOver?: boolean; repeated?: number };
    const { row, rows, fromShell, takenOver, repeated } = (globalThis as unknown as { firstRows: Seen }).firstRows;
    return { takenOver, repeated, fromShell, rows, id: row?.id, mark: (performance.getEntriesByName('my-reports-rows')[0] as PerformanceMark | undefined)?.detail };
  });
  // Newest first: report 29, painted by the first script, and still the same element once the app has rendered.
  // The app's first render has the rows painted before, not a second set.
  expect(first).toMatchObject({ fromShell: true, id: 'report-r29', mark: 'shell', takenOver: true, repeated: 0 });
  expect(first.rows).toBeGreaterThan(0);
  await expect(page.locator('table.report-table')).toHaveCount(1);
  await expect(page.locator('#report-r29')).toHaveCount(1);
  // The app's buttons answer: sorting by subject puts report 0 first.
  await reports.header('Subject').getByRole('button').click();
  await expect(reports.header('Subject')).toHaveAttribute('aria-sort', 'ascending');
  await expect(reports.rows.first()).toContainText('https://login-0.acme-verify.example/');
});

test('a page opened on another section shows no rows before the app', async ({ optionsPage }) => {
  const { page } = optionsPage;
  await optionsPage.open('reports');
  await seedMyReports(page, 30, 0);
  await page.reload();
  await expect(new MyReports(page).count).toHaveText('30 of 30');
  await page.waitForFunction(() => localStorage.getItem('takedown-reporter:reports-shell') !== null);

  await optionsPage.open('about');
  await expect(page.locator('.report-row')).toHaveCount(0);
  await expect(page.locator('#section-reports')).toBeHidden();
});
