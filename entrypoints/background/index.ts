import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { hasHostPermission } from '@/utils/connection/host-permission';
import { registerBackgroundService } from '@/utils/messaging/serve-pages';
import { startBackgroundServices } from '@/utils/background/services';
import { registerMenus } from '@/utils/menus/registry';
import { handleCommand, reportMenuEntries } from '@/utils/menus/report-menu';
import { notifyProblem } from '@/utils/background/reporting';
import { createDraft, type NewReport } from '@/utils/report/outbox';
import { managedPolicyMirrored } from '@/utils/settings/managed';

// Firefox (MV2): a persistent page. Firefox unloads an idle event page even while a report's upload is in
// flight, which would leave the report's fate unknown (docs/firefox.md, tests/firefox/lifecycle.spec.ts).
export default defineBackground({
  persistent: true,
  main() {
    // The sandbox build (tests, npm start) waits 5 s for an answer, 8 s for an upload, instead of 20 s and 120 s.
    const service = startBackgroundServices({ hasHostPermission, ...(import.meta.env.MODE === 'sandbox' ? { timeouts: { requestMs: 5_000, uploadMs: 8_000 } } : {}) });
    registerBackgroundService(service);
    const { reports, status } = service;
    const menuClick = registerMenus(reportMenuEntries(reports, notifyProblem), (error) => console.error('Menu report failed', error));
    const command = (name: string, tab?: Parameters<typeof handleCommand>[2]) => handleCommand(reports, name, tab, notifyProblem);
    browser.commands.onCommand.addListener((name, tab) => void command(name, tab));
    // Test-only builds (sandbox, bench): Playwright cannot click a native menu,
    // press a browser shortcut or wait for an alarm, so it calls what those
    // listeners call (sendWaiting: the retry alarm's); the fault matrix writes
    // drafts and sends them as the popup does; a test writing its own copy of
    // the policy waits until the background has written the real one.
    if (import.meta.env.MODE === 'sandbox' || import.meta.env.MODE === 'bench') {
      const { submit, sendAgain, check, sendWaiting } = reports;
      const test = { menuClick, command, refresh: status.refresh, createDraft: (draft: NewReport) => createDraft(draft), submit, sendAgain, check, sendWaiting, policyMirrored: managedPolicyMirrored };
      Object.assign(globalThis, { takedownReporterTest: test });
    }
  },
});
