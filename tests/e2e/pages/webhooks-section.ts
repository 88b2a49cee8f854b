import type { Locator, Page } from '@playwright/test';

/** The options page's Webhooks section as an administrator sees it. */
export class WebhooksSection {
  readonly root: Locator;
  readonly list: Locator;
  readonly refresh: Locator;
  readonly create: Locator;
  readonly createButton: Locator;
  readonly secret: Locator;
  readonly verify: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Webhooks', exact: true });
    this.list = page.getByRole('list', { name: 'Webhook subscriptions' });
    this.refresh = page.getByRole('button', { name: 'Refresh the subscriptions' });
    this.create = page.getByRole('region', { name: 'New subscription' });
    this.createButton = this.create.getByRole('button', { name: 'Create subscription' });
    this.secret = page.getByLabel('Signing secret (shown once)');
    this.verify = page.getByRole('region', { name: 'Verify a delivery' });
  }

  async open(extensionId: string): Promise<void> {
    await this.page.goto(`chrome-extension://${extensionId}/options.html#webhooks`);
    await this.create.waitFor();
  }

  /** One subscription of the list, by its delivery URL. */
  item(url: string): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: url, exact: true }) });
  }

  /** A button of one subscription: Activate (when off), Edit, Send test event, Rotate secret, Delete. */
  action(url: string, name: 'Activate' | 'Edit' | 'Send test event' | 'Rotate secret' | 'Delete'): Locator {
    return this.item(url).getByRole('button', { name: `${name}: ${url}`, exact: true });
  }

  /** The value shown beside a fact of one subscription (State, Events, Last delivery…). */
  fact(url: string, term: string): Locator {
    return this.item(url)
      .locator('.fact', { has: this.page.locator('dt', { hasText: term }) })
      .locator('dd');
  }

  /** An event checkbox of a form, by its event type. */
  event(scope: Locator, type: string): Locator {
    return scope.getByRole('checkbox', { name: new RegExp(`^${type.replace('.', '\\.')}:`) });
  }

  /** The error shown for a control, by the control's id prefix and field. */
  fieldError(scope: Locator, label: string): Locator {
    return scope.locator('.field', { has: this.page.getByLabel(label, { exact: true }) }).getByRole('alert');
  }
}
