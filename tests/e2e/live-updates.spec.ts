import { test, expect } from './fixtures.ts';

// The push path: a change made in one page reaches every open page of the
// extension without a reload (storage change events).

test('a connection saved in the options page appears in an open popup, and a forget too', async ({ sandbox, optionsPage, popupPage }) => {
  await popupPage.open();
  await expect(popupPage.state).toHaveAttribute('data-state', 'not_configured');

  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.single);
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');

  await expect(popupPage.state).toHaveAttribute('data-state', 'connected');
  await expect(popupPage.page.getByText('Reporting for')).toContainText('Globex Corporation');

  optionsPage.page.once('dialog', (dialog) => void dialog.accept());
  await optionsPage.forgetButton.click();
  await expect(popupPage.state).toHaveAttribute('data-state', 'not_configured');
});
