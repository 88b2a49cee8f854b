import type { Locator, Page } from '@playwright/test';

/** The options page's "My reports" table as a user sees it. */
export class MyReports {
  readonly section: Locator;
  /** "123 of 10,000". */
  readonly count: Locator;
  /** The rows in the DOM (only those in view and a few beyond). */
  readonly rows: Locator;
  readonly search: Locator;
  readonly accountSwitch: Locator;
  readonly scroller: Locator;

  constructor(readonly page: Page) {
    this.section = page.locator('#my-reports');
    this.count = page.locator('.report-count');
    this.rows = page.locator('tbody tr.report-row');
    this.search = page.getByLabel('Search by subject, incident id or client');
    this.accountSwitch = page.getByRole('switch', { name: "Include all of the account's incidents" });
    this.scroller = page.getByRole('region', { name: 'Reports and incidents, scrollable' });
  }

  /** A filter select by its label: Status, Type, Client or Source. */
  filter(name: 'Status' | 'Type' | 'Client' | 'Source'): Locator {
    return this.page.getByLabel(name, { exact: true });
  }

  /** A column's header (its `aria-sort` says the sort); click its button to sort. */
  header(name: string): Locator {
    return this.page.getByRole('columnheader', { name });
  }

  /** Clicks the export button and answers the CSV it downloads. */
  async exportCsv(shown: string): Promise<string> {
    const started = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: `Export ${shown} as CSV` }).click();
    const stream = await (await started).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}
