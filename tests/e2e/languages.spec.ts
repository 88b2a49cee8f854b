import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { expect, openToolbarPopup, test } from './fixtures.ts';
import { openPhishingPage, servePhishingPages } from './reporting-helpers.ts';

// Issue 11: the extension in Spanish and German, in a browser whose UI
// language is that one — the page declares it, the text and the field errors
// are in it, and numbers and dates are formatted for it.

interface Messages {
  options: { title: string };
  connection: { form: { base_url: string; api_key: string; save: string } };
  problem: { input: { url_not_https: string } };
  popup: { settings: string };
}
const messagesOf = (language: string) => load(readFileSync(`utils/i18n/locales/${language}.yml`, 'utf8')) as Messages;

for (const language of ['es', 'de']) {
  test.describe(language, () => {
    test.use({ uiLanguage: language });
    const messages = messagesOf(language);

    test(`the options page and the popup speak ${language}, and field errors too`, async ({ context, extensionId, serviceWorker, debugPort, sandbox }) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.options.title);

      // A bad service URL: the message is in the language, under its field.
      const urlField = page.getByLabel(messages.connection.form.base_url, { exact: true });
      await urlField.fill('ftp://example.com');
      await page
        .locator('form')
        .first()
        .evaluate((form) => (form as HTMLFormElement).requestSubmit());
      await expect(page.locator('.field', { has: urlField }).getByRole('alert')).toHaveText(messages.problem.input.url_not_https);

      // Connecting in the language, as its user would.
      await urlField.fill(sandbox.baseUrl);
      await page.getByLabel(messages.connection.form.api_key, { exact: true }).fill(sandbox.keys.managed);
      await page.getByRole('button', { name: messages.connection.form.save }).click();
      await page.locator('[data-state="connected"]').first().waitFor();
      await servePhishingPages(context);
      const tab = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
      const popup = await openToolbarPopup(tab, serviceWorker, debugPort, extensionId);
      await expect(popup.locator('html')).toHaveAttribute('lang', language);
      await expect(popup.getByRole('button', { name: messages.popup.settings })).toBeVisible();
      await expect(popup.locator('#report-subject')).toHaveValue('https://secure-acme-login.com/signin');
    });
  });
}
