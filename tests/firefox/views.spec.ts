import type { Page } from 'puppeteer-core';
import { test, expect, openWebPage, setViewportSize, navigateExtensionPage } from './fixtures.ts';
import { clickButton, field, fill, find, textOf } from './dom.ts';
import { clickMenu, connect, openPopupOver, openReportDetails } from './steps.ts';
import { addFault, incidentFor } from '../e2e/reporting-helpers.ts';
import { axeViolations } from '../support/axe.ts';

// What a Firefox user sees and reaches: the options page's layout as in
// Chromium, the popup at its real size, axe over the views in light and dark,
// and the popup driven by the keyboard alone.

test.describe.configure({ timeout: 60_000 });

const SECTIONS = ['connection', 'reporting', 'reports', 'account', 'webhooks', 'backup', 'about'] as const;

/** axe's violations on the page as it is now (tests/support/axe.ts), one line each, naming the view and the theme. */
async function violations(page: Page, view: string, theme: 'light' | 'dark'): Promise<string[]> {
  return (await axeViolations(page, theme)).map((line) => `${view} (${theme}): ${line}`);
}

/** Shows a section of the options page by its link, as a user does. */
async function showSection(options: Page, section: (typeof SECTIONS)[number]): Promise<void> {
  await (await find(options, `nav a[href="#${section}"]`)).click();
  await find(options, `#section-${section} .card`);
}

/** The page's background colour: white in light, the dark theme's in dark. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the layout is Chromium’s: every options card one width, wide enough for My reports; the popup’s send buttons in view at its real size', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  // Wide (My reports' table fits) and narrow (the navigation still beside the cards).
  for (const width of [1600, 1024]) {
    await setViewportSize(options, width, 900);
    const widths: Record<string, number[]> = {};
    for (const section of SECTIONS) {
      await showSection(options, section);
      widths[section] = await options.evaluate((id) => [...document.querySelectorAll(`#section-${id} .card`)].map((card) => Math.round(card.getBoundingClientRect().width)), section);
    }
    const all = Object.values(widths).flat();
    // Connection 1, Reporting 2, My reports 2, Account 1, Webhooks 1, Backup and policy 2, About 1.
    expect(all).toHaveLength(10);
    expect(new Set(all).size, `${width} px: ${JSON.stringify(widths)}`).toBe(1);
    if (width === 1600) {
      const rem = await options.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      expect(all[0]).toBeGreaterThanOrEqual(72.5 * rem + 2);
    }
    // No sideways scroll at either width.
    expect(await options.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${width} px`).toBe(true);
  }

  const page = await openWebPage(extension.browser, `${web.origin()}/signin`);
  const popup = await openPopupOver(extension, page);
  expect(await popup.evaluate(() => ({ width: innerWidth, height: innerHeight }))).toEqual({ width: 379, height: 510 });
  await find(popup, 'button[aria-controls="report-details"]');
  // The two submit buttons, by the action each sends (their words change while the page is captured).
  const inView = (action: 'tkd' | 'monitor') =>
    popup.evaluate((value) => {
      const box = document.querySelector(`button[value="${value}"]`)?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= innerHeight && box.width > 0);
    }, action);
  expect(await popup.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(510);
  expect(await inView('tkd')).toBe(true);
  expect(await inView('monitor')).toBe(true);
  await openReportDetails(popup);
  await find(popup, 'img[alt="The screenshot that will be sent"]');
  expect(await inView('tkd')).toBe(true);
  expect(await inView('monitor')).toBe(true);
});

/** Chooses a theme in the settings (Reporting and evidence), as a user does; every page follows it. */
async function chooseTheme(options: Page, extensionUrl: string, theme: 'light' | 'dark'): Promise<void> {
  // In front, as the user has it (a hidden tab's clicks wait ever longer for a frame).
  await options.bringToFront();
  await navigateExtensionPage(options, extensionUrl);
  await (await find(options, `input[type="radio"][value="${theme}"]`)).click();
  await expect.poll(() => background(options)).toBe(BACKGROUNDS[theme]);
}

const BACKGROUNDS = { light: 'rgb(255, 255, 255)', dark: 'rgb(22, 25, 29)' };

test('axe finds nothing in light or dark on any options section, with a report that failed in My reports', async ({ extension, sandbox, web }) => {
  test.setTimeout(90_000);
  const options = await connect(extension, sandbox);
  const page = await openWebPage(extension.browser, `${web.origin()}/signin`);
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/', status: 500, times: 1 });
  await clickMenu(options, { menuItemId: 'takedown-reporter:report-link-tkd', linkUrl: 'https://pay.evil-link.com/checkout', pageUrl: page.url() });
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await chooseTheme(options, extension.url('options.html#reporting'), theme);
    for (const section of SECTIONS) {
      await showSection(options, section);
      found.push(...(await violations(options, `options ${section}`, theme)));
    }
  }
  expect(found).toEqual([]);
});

test('axe finds nothing in light or dark in the popup: its form, details, field error, result and lookup', async ({ extension, sandbox, web }) => {
  test.setTimeout(90_000);
  const options = await connect(extension, sandbox);
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await chooseTheme(options, extension.url('options.html#reporting'), theme);
    const page = await openWebPage(extension.browser, `${web.origin()}/signin-${theme}`);
    const popup = await openPopupOver(extension, page);
    expect(await background(popup)).toBe(BACKGROUNDS[theme]);
    found.push(...(await violations(popup, 'popup form', theme)));
    await openReportDetails(popup);
    await find(popup, 'img[alt="The screenshot that will be sent"]');
    found.push(...(await violations(popup, 'popup details', theme)));
    await fill(popup, 'Report', '020 7946 0958');
    await find(popup, '#report-subject-error');
    found.push(...(await violations(popup, 'popup field error', theme)));
    await fill(popup, 'Report', page.url());
    await clickButton(popup, theme === 'light' ? 'Report for takedown' : 'Monitor');
    await find(popup, '[data-report-state]:not([data-report-state="sending"])', 15_000);
    found.push(...(await violations(popup, 'popup result', theme)));
    await (await find(popup, '[role="tab"]:not([aria-selected="true"])')).click();
    await fill(popup, 'Look up an incident', page.url());
    await (await field(popup, 'Look up an incident')).press('Enter');
    await find(popup, '.incident');
    found.push(...(await violations(popup, 'popup lookup', theme)));
    await popup.close();
  }
  expect(found).toEqual([]);
});

/** What has the focus, and whether a focus indicator shows around it. */
function focused(page: Page): Promise<{ name: string | null; shows: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { name: null, shows: false };
    const style = getComputedStyle(element);
    const shows = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return { name: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`, shows };
  });
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`, the focus showing at every stop. */
async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let stop = 0; stop < 60; stop++) {
    if (stop > 0 && back) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    } else if (stop > 0) await page.keyboard.press('Tab');
    const focus = await focused(page);
    if (focus.name !== null) expect(focus.shows, `${focus.name} shows its focus`).toBe(true);
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`${selector} was not reached with ${back ? 'Shift+Tab' : 'Tab'}.`);
}

test('the popup with the keyboard alone: details, a typed comment, Monitor, the result, then the lookup tab', async ({ extension, sandbox, web }) => {
  await connect(extension, sandbox);
  const url = `${web.origin()}/keyboard`;
  const page = await openWebPage(extension.browser, url);
  const popup = await openPopupOver(extension, page);
  await find(popup, 'button[aria-controls="report-details"]');
  await tabTo(popup, 'button[aria-controls="report-details"]');
  await popup.keyboard.press('Enter');
  expect(await textOf(popup, 'button[aria-controls="report-details"]')).toBeTruthy();
  await find(popup, 'img[alt="The screenshot that will be sent"]');
  await tabTo(popup, '#report-comment', true);
  await popup.keyboard.type('Typed, never clicked.');
  await tabTo(popup, 'button[value="monitor"]');
  await popup.keyboard.press('Enter');
  await find(popup, '[data-report-state="sent"]', 15_000);
  await expect.poll(async () => (await incidentFor(sandbox, url))?.comment).toBe('Typed, never clicked.');
  expect((await incidentFor(sandbox, url))!.status).toBe('pre_weaponised');
  expect((await focused(popup)).name).not.toBeNull();

  await tabTo(popup, '[role="tab"][aria-selected="true"]', true);
  await popup.keyboard.press('ArrowRight');
  // The focus moves at once; the selection follows with the render (under a loaded machine, a frame later).
  await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
  expect(await textOf(popup, '[role="tab"][aria-selected="true"]')).toBe('Look up');
  await tabTo(popup, '#lookup-subject');
  await popup.keyboard.type(url);
  await popup.keyboard.press('Enter');
  await expect.poll(() => textOf(popup, '.incident h2')).toBe(url);
  expect((await focused(popup)).shows).toBe(true);
});
