import type { Locator, Page } from '@playwright/test';

/** The popup's page, opened in a tab (its content is the same as in the toolbar popup). */
export class PopupPage {
  readonly status: Locator;
  readonly state: Locator;

  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {
    this.status = page.getByRole('status');
    this.state = page.locator('[data-state]');
  }

  async open(): Promise<void> {
    await this.page.goto(`chrome-extension://${this.extensionId}/popup.html`);
  }
}
