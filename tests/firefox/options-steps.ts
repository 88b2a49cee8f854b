import type { Page } from 'puppeteer-core';
import type { Sandbox } from '../sandbox/server.ts';
import { click, find } from './dom.ts';

// Steps of the options page's tests (options.spec.ts, backup-webhooks.spec.ts):
// its sections, what the background shows outside any page (notifications,
// the toolbar badge), and the test-only dispatchers of the sandbox build that
// steps.ts does not wrap (the status refresh, the shortcut).

/** What a notification holds: Firefox's `notifications.getAll()` answers each one's options (Chromium's only `true`). */
export interface ShownNotification {
  title: string;
  message: string;
}

interface TestHooks {
  refresh(): Promise<unknown>;
  command(name: string, tab: object): Promise<void>;
}

declare const browser: {
  runtime: { getBackgroundPage(): Promise<Window> };
  tabs: { query(query: object): Promise<{ id: number; url: string }[]> };
  notifications: { getAll(): Promise<Record<string, ShownNotification>>; clear(id: string): Promise<boolean> };
  browserAction: { getBadgeText(details: object): Promise<string> };
};

/** Runs what the status-refresh alarm runs (utils/background/status.ts) and answers the refresh's state. `from`: any extension page. */
export async function refreshStatuses(from: Page): Promise<{ problem?: unknown; lastSuccessAt?: string }> {
  return from.evaluate(async () => {
    const hooks = ((await browser.runtime.getBackgroundPage()) as unknown as { takedownReporterTest: TestHooks }).takedownReporterTest;
    // Through JSON: the state is an object of the background page's compartment.
    return JSON.parse(JSON.stringify(await hooks.refresh())) as { problem?: unknown; lastSuccessAt?: string };
  });
}

/** Presses the reporting shortcut on the active tab, through the handler the native command calls. `from`: any extension page. */
export async function pressShortcut(from: Page): Promise<void> {
  await from.evaluate(async () => {
    const hooks = ((await browser.runtime.getBackgroundPage()) as unknown as { takedownReporterTest: TestHooks }).takedownReporterTest;
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    await hooks.command('report-page', tab!);
  });
}

/** The notifications the extension shows now, by id, with their title and message. */
export async function notifications(from: Page): Promise<Record<string, ShownNotification>> {
  return from.evaluate(async () => {
    const all = await browser.notifications.getAll();
    return Object.fromEntries(Object.entries(all).map(([id, { title, message }]) => [id, { title, message }]));
  });
}

/**
 * Clears every notification of the extension, as a click on one clears it.
 * (While one shows, headless Firefox ESR 140 holds it in an alert window that
 * WebDriver BiDi takes for the browser's: a new tab cannot be opened.)
 */
export async function clearNotifications(from: Page): Promise<void> {
  await from.evaluate(async () => {
    for (const id of Object.keys(await browser.notifications.getAll())) await browser.notifications.clear(id);
  });
}

/** The toolbar button's badge, on every tab (MV2: `browserAction`). */
export async function badgeText(from: Page): Promise<string> {
  return from.evaluate(() => browser.browserAction.getBadgeText({}));
}

/** The options page's sections: each one's fragment and the name of its link and heading. */
export const SECTIONS = {
  connection: 'Connection',
  reporting: 'Reporting and evidence',
  reports: 'My reports',
  webhooks: 'Webhooks',
  backup: 'Backup and policy',
} as const;

/** Follows a section's link in the options page's navigation, as a user does, and waits for its heading. */
export async function showSection(options: Page, section: keyof typeof SECTIONS): Promise<void> {
  await click(options, SECTIONS[section]);
  await find(options, `h2#section-${section}-heading`);
}

/** Moves an incident to another status at the sandbox (its control API), as the service's analysts would. */
export async function setIncidentStatus(sandbox: Sandbox, incidentId: string, status: string): Promise<void> {
  const answer = await fetch(`${sandbox.baseUrl}/__sandbox/incidents/${encodeURIComponent(incidentId)}/status`, { method: 'POST', body: JSON.stringify({ status }) });
  if (!answer.ok) throw new Error(`The sandbox refused the status ${status}: HTTP ${answer.status}.`);
}
