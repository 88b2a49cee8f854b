import { stampLines, stampScreenshot } from '@/utils/evidence/screenshot';
import { createDraft, type NewReport } from '@/utils/report/outbox-pages';
import { managedPolicyMirrored } from '@/utils/settings/managed';
import type { startBackgroundServices } from './services';

/**
 * What the test-only builds (sandbox, bench) expose as `takedownReporterTest`
 * in the worker; the entrypoint adds it in those modes only, and
 * `npm run test:builds` checks no shipped build carries it. Playwright cannot
 * click a native menu, press a browser shortcut or wait for an alarm, so it
 * calls what those listeners call (sendWaiting: the retry alarm's); the fault
 * matrix writes drafts and sends them as the popup does; a test writing its
 * own copy of the policy waits until the background has written the real
 * one; a test about something else connects as the options page's form does,
 * without loading that page (connection.spec.ts drives the form itself); the
 * bench times the screenshot's stamp alone (the floor of report latency).
 */
export function testHook(service: ReturnType<typeof startBackgroundServices>, menuClick: unknown, command: unknown) {
  const { submit, sendAgain, check, sendWaiting } = service.reports;
  return {
    connect: service.connection.save,
    stamp: (png: Blob, pageUrl: string) => stampScreenshot(png, stampLines({ pageUrl, capturedAt: new Date() })),
    menuClick,
    command,
    refresh: service.status.refresh,
    createDraft: (draft: NewReport) => createDraft(draft),
    submit,
    sendAgain,
    check,
    sendWaiting,
    policyMirrored: managedPolicyMirrored,
  };
}
