import { test, expect, openWebPage, navigateExtensionPage } from './fixtures.ts';
import { click, control, fill, find, setChecked, textOf } from './dom.ts';
import { clickMenu, connect, extensionStorage } from './steps.ts';
import { badgeText, clearNotifications, notifications, pressShortcut, refreshStatuses, setIncidentStatus, showSection } from './options-steps.ts';
import { incidentFor, reportRequests } from '../e2e/reporting-helpers.ts';

// The options page in Firefox: My reports following a status the service
// changed (the refresh alarm's handler, its notification and badge), and the
// reporting settings and theme a user sets there, followed by the next report.

test('a status changed at the service: the refresh notifies it and counts it on the badge, My reports shows it, the report link opens its row', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  const url = `${web.origin()}/account/verify`;
  await openWebPage(extension.browser, url);
  await clickMenu(options, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: url });

  const incident = (await incidentFor(sandbox, url))!;
  expect(incident.status).toBe('pending_review');
  // The report's own notification: its id names the report.
  const reported = await notifications(options);
  const reportId = Object.keys(reported)[0]!.replace(/^report:/, '');
  expect(reported).toEqual({ [`report:${reportId}`]: { title: 'Reported for takedown', message: `${url} — incident ${incident.id}. Click to open it.` } });

  // My reports lists it with the status read right after the report (issue 44), before any refresh; the alarm's first refresh keeps it.
  await options.bringToFront();
  await showSection(options, 'reports');
  const chip = `#report-${reportId} .status-chip`;
  await expect.poll(() => textOf(options, chip)).toBe('Pending review');
  expect(await textOf(options, '.refresh-line [role="status"]')).toBe('Statuses have not been refreshed yet.');
  await refreshStatuses(options);
  await expect.poll(() => textOf(options, chip)).toBe('Pending review');
  // The first status known is no change: no notification of it.
  expect(Object.keys(await notifications(options))).toEqual([`report:${reportId}`]);

  // The service's analysts ask for approval; the alarm's refresh finds it.
  await setIncidentStatus(sandbox, incident.id, 'approval_required');
  expect(await refreshStatuses(options)).toMatchObject({ lastSuccessAt: expect.any(String) });
  expect((await notifications(options))[`status:${incident.id}`]).toEqual({
    title: 'Status changed: Approval required',
    message: `${url}\nPending review → Approval required. Click to open the incident.`,
  });
  expect(await badgeText(options)).toBe('1');
  // The open page follows without a reload.
  await expect.poll(() => textOf(options, chip)).toBe('Approval required');
  expect(await textOf(options, '.refresh-line [role="status"]')).toMatch(/^Statuses updated /);

  // A click on a notification opens a tab and clears the notification (utils/background/reporting.ts, status.ts): the report's
  // row in My reports when the service gave no dashboard link, the incident for a status change. No click reaches a
  // notification here: they are cleared first (see clearNotifications), then what they open is opened.
  await clearNotifications(options);
  const opened = await extension.open(`options.html#report-${reportId}`);
  const row = await find(opened, `#report-${reportId}.report-target`);
  expect(await textOf(opened, chip)).toBe('Approval required');
  expect(await textOf(opened, `#report-${reportId} .report-subject`)).toBe(`${url}Incident ${incident.id}`);
  expect(await row.isIntersectingViewport()).toBe(true);
  // What the status notification opens: the incident, with the same words.
  const link = await control(opened, `Open incident ${incident.id} in a new tab`);
  expect(await link.evaluate((element) => element.getAttribute('href'))).toBe(`/incident.html#${incident.id}`);
  await navigateExtensionPage(opened, extension.url(`incident.html#${incident.id}`));
  await expect.poll(() => textOf(opened, '.incident .status-chip')).toBe('Approval required');
});

test('reporting settings and the theme: saved in the options page, the next report follows them, the page turns dark', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  await showSection(options, 'reporting');
  await fill(options, 'Your email, for status updates', 'soc@acme.example');
  await setChecked(options, 'Monitor');
  await fill(options, 'Report for client', 'cl_acme_bank');
  await setChecked(options, 'Screenshot, stamped with address, time and reporter', false);
  await setChecked(options, 'Page source (HTML)', false);
  await click(options, 'Save settings');
  await expect.poll(() => textOf(options, '.settings-form [role="status"]')).toBe('Settings saved.');
  expect((await extensionStorage(options)).settings).toMatchObject({
    reporterEmail: 'soc@acme.example',
    defaultAction: 'monitor',
    defaultClientId: 'cl_acme_bank',
    evidence: { screenshot: false, pageSource: false, pageDetails: true },
  });

  // Appearance: dark at once, the page's colours from the dark palette (headless Firefox's own scheme is light).
  const background = () => options.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(255, 255, 255)');
  await setChecked(options, 'Dark');
  await expect.poll(() => options.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await background()).toBe('rgb(22, 25, 29)');
  expect(await extensionStorage(options)).toMatchObject({ theme: 'dark' });

  // The shortcut reports with the default action, for the default client, as the reporter, with only the evidence kept on.
  const url = `${web.origin('acme-billing.com')}/invoice`;
  await openWebPage(extension.browser, url);
  await pressShortcut(options);
  const incident = (await incidentFor(sandbox, url))!;
  expect(incident).toMatchObject({ clientId: 'cl_acme_bank', reportedBy: 'soc@acme.example' });
  expect(incident.attachments.map((file) => file.name)).toEqual(['page-details.txt', 'evidence-record.txt']);
  expect((await reportRequests(sandbox)).map((request) => request.path)).toEqual(['/v1/incident/monitor']);
  expect(Object.values(await notifications(options))).toEqual([{ title: 'Reported for monitoring', message: `${url} — incident ${incident.id}. Click to open it.` }]);
});
