import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundService } from '@/utils/messaging/serve-pages';
import { startBackgroundServices, startNavigationRecording } from '@/utils/background/services';
import { registerMenus } from '@/utils/menus/registry';
import { handleCommand, reportMenuEntries } from '@/utils/menus/report-menu';
import { webmailMenuEntry } from '@/utils/menus/webmail-menu';
import { notifyProblem, tellMenuError } from '@/utils/background/reporting';
import { testHook } from '@/utils/background/test-hook';
import { handleInstalled } from '@/utils/background/first-run';
import { holdStartChores } from '@/utils/background/start-chores';

// Firefox (MV2): a persistent page. Firefox unloads an idle event page even while a report's upload is in
// flight, which would leave the report's fate unknown (docs/firefox.md, tests/firefox/lifecycle.spec.ts).
export default defineBackground({
  persistent: true,
  main() {
    // A fresh install opens the Connection section (first-run.ts).
    browser.runtime.onInstalled.addListener((details) => void handleInstalled(details));
    // What the start owes but the first answer does not need waits until that answer is out (start-chores.ts).
    const chores = holdStartChores();
    // The sandbox build (tests, npm start) waits 5 s for an answer, 8 s for an upload, instead of 20 s and 120 s.
    const service = startBackgroundServices({ hasHostPermission, chores, ...(import.meta.env.MODE === 'sandbox' ? { timeouts: { requestMs: 5_000, uploadMs: 8_000 } } : {}) });
    registerBackgroundService(service, chores.run);
    // Off unless the user turned "Record how I reached each page" on (issue 41).
    startNavigationRecording(chores);
    const { reports } = service;
    const menuClick = registerMenus([...reportMenuEntries(reports, notifyProblem), webmailMenuEntry()], tellMenuError);
    const command = (name: string, tab?: Parameters<typeof handleCommand>[2]) => handleCommand(reports, name, tab, notifyProblem);
    // No shortcuts on Firefox for Android (docs/releasing.md): no `commands` there.
    browser.commands?.onCommand.addListener((name, tab) => void command(name, tab));
    // Test-only builds (sandbox, bench): what tests call instead of menus, shortcuts and alarms (test-hook.ts).
    if (import.meta.env.MODE === 'sandbox' || import.meta.env.MODE === 'bench') Object.assign(globalThis, { takedownReporterTest: testHook(service, menuClick, command) });
  },
});
