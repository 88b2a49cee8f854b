import type { Locator, Page } from '@playwright/test';

/** The options page's Account section as a user sees it. */
export class AccountSection {
  readonly root: Locator;
  readonly credits: Locator;
  readonly refreshCredits: Locator;
  readonly users: Locator;
  readonly documents: Locator;
  readonly documentRows: Locator;
  readonly documentCount: Locator;
  readonly loadMore: Locator;
  readonly pageSize: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Account' });
    this.credits = page.getByRole('table', { name: 'Remaining credits per client' });
    this.refreshCredits = page.getByRole('button', { name: 'Refresh the remaining credits' });
    this.users = page.getByRole('table', { name: 'Dashboard users of the account' });
    this.documents = page.getByRole('table', { name: 'Documents on file' });
    this.documentRows = this.documents.locator('tbody tr');
    this.documentCount = page.getByText(/documents shown\.$/);
    this.loadMore = page.getByRole('button', { name: 'Load more' });
    this.pageSize = page.getByLabel('Per page');
  }

  async open(extensionId: string): Promise<void> {
    await this.page.goto(`chrome-extension://${extensionId}/options.html#account`);
    await this.credits.waitFor();
  }

  /** The balance shown for one client. */
  creditsOf(clientId: string): Locator {
    return this.credits.locator(`tr[data-client="${clientId}"] td`);
  }

  /** The error shown under a control of the document filters, by the control's label. */
  filterError(label: string): Locator {
    return this.page.locator('.document-filters .field', { has: this.page.getByLabel(label, { exact: true }) }).getByRole('alert');
  }

  /** One document's row, by its id. */
  documentRow(id: string): Locator {
    return this.documents.locator(`tr[data-document="${id}"]`);
  }
}
