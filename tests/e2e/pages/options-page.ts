import type { Locator, Page } from '@playwright/test';

/** The options page's sections: each one's fragment and name (its link and heading). */
export const SECTIONS = {
  connection: 'Connection',
  reporting: 'Reporting and evidence',
  reports: 'My reports',
  account: 'Account',
  webhooks: 'Webhooks',
  backup: 'Backup and policy',
  about: 'About',
} as const;

export type Section = keyof typeof SECTIONS;

/** The options page as a user sees it. */
export class OptionsPage {
  readonly baseUrl: Locator;
  readonly apiKey: Locator;
  readonly saveButton: Locator;
  readonly summary: Locator;
  readonly status: Locator;
  readonly clients: Locator;
  readonly forgetButton: Locator;
  /** The navigation of the page's sections. */
  readonly nav: Locator;

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
    this.nav = page.getByRole('navigation', { name: 'Settings sections' });
  }

  /** Opens the page: on Connection, waiting for the connection's state; on another section by its fragment, waiting for its heading. */
  async open(section?: Section): Promise<void> {
    await this.page.goto(`chrome-extension://${this.extensionId}/options.html${section ? `#${section}` : ''}`);
    await (section ? this.heading(section) : this.page.locator('[data-state]').first()).waitFor();
  }

  /** A section's heading (shown only while the section is). */
  heading(section: Section): Locator {
    return this.page.getByRole('heading', { level: 2, name: SECTIONS[section], exact: true });
  }

  /** A section's link in the navigation. */
  link(section: Section): Locator {
    return this.nav.getByRole('link', { name: SECTIONS[section], exact: true });
  }

  /** Follows a section's link, as a user does, and waits until the section shows. */
  async show(section: Section): Promise<void> {
    await this.link(section).click();
    await this.heading(section).waitFor();
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
