import type { Locator, Page } from '@playwright/test';

/** The options page as a user sees it. */
export class OptionsPage {
  readonly baseUrl: Locator;
  readonly apiKey: Locator;
  readonly saveButton: Locator;
  readonly summary: Locator;
  readonly status: Locator;
  readonly clients: Locator;
  readonly forgetButton: Locator;

  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {
    this.baseUrl = page.getByLabel('Service URL');
    this.apiKey = page.getByLabel('API key');
    this.saveButton = page.getByRole('button', { name: 'Save and verify' });
    this.summary = page.locator('[data-state]').first();
    this.status = page.getByRole('status').first();
    // Each client's own entry: a parent's list item also holds its sub-clients' items.
    this.clients = page.getByRole('list', { name: 'Clients this key reports for' }).locator('.client-entry');
    this.forgetButton = page.getByRole('button', { name: 'Forget this connection' });
  }

  async open(): Promise<void> {
    await this.page.goto(`chrome-extension://${this.extensionId}/options.html`);
    await this.page.locator('[data-state]').first().waitFor();
  }

  /** Fills the form and saves; waits until the verification has answered. */
  async connect(baseUrl: string, apiKey: string): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(apiKey);
    await this.saveButton.click();
    await this.page.locator('form[aria-busy="false"]').waitFor();
  }

  /** The error shown under a field, by the field's label. */
  fieldError(label: 'Service URL' | 'API key'): Locator {
    return this.page.locator('.field', { has: this.page.getByLabel(label) }).getByRole('alert');
  }
}
