import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundService } from '@/utils/messaging/serve-pages';
import { startBackgroundServices } from '@/utils/messaging/start-background-services';
import { registerMenus } from '@/utils/menus/registry';
import { handleCommand, reportMenuEntries } from '@/utils/menus/report-menu';
import { notifyProblem } from '@/utils/report/background-reporting';

export default defineBackground(() => {
  const service = startBackgroundServices({ hasHostPermission });
  registerBackgroundService(service);
  const { reports, status } = service;
  const menuClick = registerMenus(reportMenuEntries(reports, notifyProblem), (error) => console.error('Menu report failed', error));
  const command = (name: string, tab?: Parameters<typeof handleCommand>[2]) => handleCommand(reports, name, tab, notifyProblem);
  browser.commands.onCommand.addListener((name, tab) => void command(name, tab));
  // Test-only builds (sandbox, bench): Playwright cannot click a native menu, press a browser
  // shortcut or wait for an alarm, so it calls what those listeners call.
  if (import.meta.env.MODE === 'sandbox' || import.meta.env.MODE === 'bench') Object.assign(globalThis, { takedownReporterTest: { menuClick, command, refresh: status.refresh } });
});
