import type { Browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { evidenceTabOf } from '../evidence/evidence-tab';
import type { Problem } from '../problems/kinds';
import type { ReportService, TabReportRequest } from '../report/report-service';
import type { ReportAction } from '../storage/report-types';
import { menuId, type MenuEntry } from './registry';
import { openWebmailReview } from './webmail-menu';

// The reporting entries of the context menu. Each click goes to a top-level
// handle* function that the unit tests call with the fake browser, and the
// end-to-end tests drive through the same report service.

export const REPORT_MENU = {
  pageTakedown: menuId('report-page-tkd'),
  pageMonitor: menuId('report-page-monitor'),
  linkTakedown: menuId('report-link-tkd'),
  linkMonitor: menuId('report-link-monitor'),
  selection: menuId('report-selection'),
} as const;

/** Pages and links the extension can report: the web. */
const WEB = ['http://*/*', 'https://*/*'];

/** The part of the report service the menus use. */
export type MenuReportService = Pick<ReportService, 'reportTab' | 'reviewSelection'>;

/** Tells the user why a click reported nothing. */
export type ProblemNotifier = (problem: Problem) => void | Promise<void>;

/** Reports a page or link, and tells the user why when nothing could be written (a written report tells its own result). */
async function reportAndTell(service: MenuReportService, request: TabReportRequest, notifyProblem: ProblemNotifier): Promise<void> {
  const result = await service.reportTab(request);
  if (!result.ok && !result.report) await notifyProblem(result.problem);
}

/** "Report this page for …": captures the page and sends it at once (or opens the review when the user confirms first). */
async function handleReportPage(
  service: MenuReportService,
  action: ReportAction,
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
  notifyProblem: ProblemNotifier,
): Promise<void> {
  const evidenceTab = evidenceTabOf(tab);
  if (!evidenceTab) return;
  // The frame's own address when the click was in one; else the tab's.
  const page = { ...evidenceTab, url: info.pageUrl ?? evidenceTab.url };
  await reportAndTell(service, { tab: page, action, origin: 'menu' }, notifyProblem);
}

/** "Report this link for …": reports the link's target without visiting it; the screenshot shows the page it was found on. */
async function handleReportLink(
  service: MenuReportService,
  action: ReportAction,
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
  notifyProblem: ProblemNotifier,
): Promise<void> {
  const evidenceTab = evidenceTabOf(tab);
  if (!evidenceTab || !info.linkUrl) return;
  await reportAndTell(service, { tab: evidenceTab, linkUrl: info.linkUrl, action, origin: 'menu' }, notifyProblem);
}

/** "Report selection…": opens the review window with every indicator found in the selected text. */
async function handleReportSelection(service: MenuReportService, info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): Promise<void> {
  const evidenceTab = evidenceTabOf(tab);
  if (!evidenceTab || !info.selectionText) return;
  await service.reviewSelection(evidenceTab, info.selectionText);
}

/** The reporting entries, bound to the service. */
export function reportMenuEntries(service: MenuReportService, notifyProblem: ProblemNotifier): MenuEntry[] {
  const page = (id: string, action: ReportAction, title: () => string): MenuEntry => ({
    id,
    title,
    contexts: ['page'],
    documentUrlPatterns: WEB,
    onClick: (info, tab) => handleReportPage(service, action, info, tab, notifyProblem),
  });
  const link = (id: string, action: ReportAction, title: () => string): MenuEntry => ({
    id,
    title,
    contexts: ['link'],
    targetUrlPatterns: WEB,
    onClick: (info, tab) => handleReportLink(service, action, info, tab, notifyProblem),
  });
  return [
    page(REPORT_MENU.pageTakedown, 'tkd', () => i18n.t('menu.page_tkd')),
    page(REPORT_MENU.pageMonitor, 'monitor', () => i18n.t('menu.page_monitor')),
    link(REPORT_MENU.linkTakedown, 'tkd', () => i18n.t('menu.link_tkd')),
    link(REPORT_MENU.linkMonitor, 'monitor', () => i18n.t('menu.link_monitor')),
    {
      id: REPORT_MENU.selection,
      title: () => i18n.t('menu.selection'),
      contexts: ['selection'],
      onClick: (info, tab) => handleReportSelection(service, info, tab),
    },
  ];
}

/** The keyboard shortcut's command name (manifest `commands`). */
const REPORT_PAGE_COMMAND = 'report-page';

/** The shortcut: reports the current page with the default action, like the menu; on a webmail tab, the email open there (issue 40). */
export async function handleCommand(service: MenuReportService, command: string, tab: Browser.tabs.Tab | undefined, notifyProblem: ProblemNotifier): Promise<void> {
  if (command !== REPORT_PAGE_COMMAND || (await openWebmailReview(tab))) return;
  const evidenceTab = evidenceTabOf(tab);
  if (!evidenceTab) return;
  await reportAndTell(service, { tab: evidenceTab, origin: 'shortcut' }, notifyProblem);
}
