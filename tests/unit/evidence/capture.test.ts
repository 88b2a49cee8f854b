import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTURE_PART_LIMIT_MS, captureEvidence, SCREENSHOT_MAX_BYTES, type CaptureBrowser, type CaptureRequest } from '@/utils/evidence/capture';
import { CAPTURE_QUOTA_WAIT_MS, withinCaptureQuota } from '@/utils/evidence/capture-quota';
import { PAGE_SOURCE_MAX_BYTES } from '@/utils/evidence/page-files';
import { PAGE_SOURCE_MAX_CHARS } from '@/utils/evidence/snapshot-caps';
import type { TakenPage } from '@/utils/evidence/page-snapshot-types';

// Drawing needs a real OffscreenCanvas (covered end to end); here the stamp
// and the fit are recorded, and everything else is the real code.
const drawn = { stamps: [] as string[][], fits: [] as number[] };

const SNAPSHOT: TakenPage = {
  url: 'https://phish.example/login?step=2',
  title: 'Sign in',
  html: '<html><body><form action="https://collect.example/gate"></form></body></html>',
  htmlChars: 76,
  truncated: false,
  details: 'Page details of https://phish.example/login?step=2\n\nForms:\n  Form 1 sends to https://collect.example/gate (POST)',
};

const AT = new Date('2026-11-22T10:00:00Z');

function fakeBrowser(overrides: Partial<CaptureBrowser> = {}): CaptureBrowser & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    captureVisibleTab: async (windowId) => (calls.push(`capture ${windowId}`), 'data:image/png;base64,iVBORw0KGgo='),
    tabUrl: async () => 'https://phish.example/login#after',
    snapshotPage: async (tabId) => (calls.push(`snapshot ${tabId}`), SNAPSHOT),
    browserInfo: async () => ({ name: 'Chromium', version: '140.0.1', language: 'en-GB' }),
    extensionVersion: () => '0.2.0',
    stampScreenshot: async (png, lines) => {
      drawn.stamps.push(lines);
      return new Blob([png instanceof Blob ? await png.arrayBuffer() : 'bitmap', 'stamped'], { type: 'image/png' });
    },
    fitScreenshot: async (image, maxBytes) => {
      drawn.fits.push(maxBytes);
      return { blob: image, type: 'image/jpeg', scale: 1 };
    },
    wholePageStep: () => Promise.reject(new Error('No whole page in these tests.')),
    tabActive: async () => true,
    ...overrides,
  };
}

const request = (overrides: Partial<CaptureRequest> = {}): CaptureRequest => ({
  tab: { id: 7, windowId: 3, url: 'https://phish.example/login', title: 'Sign in (tab)' },
  requestedUrl: 'https://phish.example/login',
  include: { screenshot: true, pageSource: true, pageDetails: true },
  reporter: 'soc@acme.example',
  now: AT,
  ...overrides,
});

beforeEach(() => {
  drawn.stamps.length = 0;
  drawn.fits.length = 0;
});

describe('capturing evidence', () => {
  it('says each step as it starts and ends: the screenshot, its stamp, the page evidence', async () => {
    const onProgress = vi.fn();
    await captureEvidence(request({ onProgress }), fakeBrowser());
    const said = onProgress.mock.calls.map(([step, state]) => `${step} ${state}`);
    expect(said).toEqual(expect.arrayContaining(['capture active', 'capture done', 'stamp active', 'stamp done', 'collect active', 'collect done']));
    expect(said).toHaveLength(6);
    expect(said.indexOf('capture done')).toBeLessThan(said.indexOf('stamp active'));
    expect(said.indexOf('stamp active')).toBeLessThan(said.indexOf('stamp done'));
  });

  it('says which step failed, and nothing of a part it did not take', async () => {
    const onProgress = vi.fn();
    const browser = fakeBrowser({ captureVisibleTab: async () => Promise.reject(new Error('Cannot access contents of the page')), tabUrl: async () => 'https://phish.example/login' });
    await captureEvidence(request({ onProgress, include: { screenshot: true, pageSource: false, pageDetails: false } }), browser);
    expect(onProgress.mock.calls).toEqual([
      ['capture', 'active'],
      ['capture', 'failed'],
    ]);
  });

  it('takes a stamped, fitted screenshot of the tab window and the page files, with the context of the record', async () => {
    const browser = fakeBrowser();
    const captured = await captureEvidence(request(), browser);
    expect(browser.calls).toEqual(['capture 3', 'snapshot 7']);
    expect(captured.files.map((file) => [file.name, file.type, file.role])).toEqual([
      ['screenshot-2026-11-22T10-00-00-000Z.jpg', 'image/jpeg', 'screenshot'],
      ['page-source.txt', 'text/plain', 'page_source'],
      ['page-details.txt', 'text/plain', 'page_details'],
    ]);
    expect(drawn.stamps).toEqual([['https://phish.example/login', 'Captured 2026-11-22 10:00:00 UTC', 'Reported by soc@acme.example']]);
    expect(drawn.fits).toEqual([SCREENSHOT_MAX_BYTES]);
    expect(captured.problems).toEqual([]);
    expect(captured.context).toEqual({
      requestedUrl: 'https://phish.example/login',
      currentUrl: 'https://phish.example/login?step=2',
      title: 'Sign in',
      capturedAt: AT,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      browser: { name: 'Chromium', version: '140.0.1', language: 'en-GB' },
      extensionVersion: '0.2.0',
      reporter: 'soc@acme.example',
    });
  });

  it('labels a link report: the link, and the page it was found on', async () => {
    await captureEvidence(request({ requestedUrl: 'https://pay.example/', linkUrl: 'https://pay.example/' }), fakeBrowser());
    expect(drawn.stamps[0]).toEqual(['Link reported: https://pay.example/', 'Found on: https://phish.example/login', 'Captured 2026-11-22 10:00:00 UTC', 'Reported by soc@acme.example']);
  });

  it.each([
    [{ screenshot: false, pageSource: false, pageDetails: false }, [], []],
    [{ screenshot: true, pageSource: false, pageDetails: false }, ['capture 3'], ['screenshot']],
    [{ screenshot: false, pageSource: true, pageDetails: false }, ['snapshot 7'], ['page_source']],
    [{ screenshot: false, pageSource: false, pageDetails: true }, ['snapshot 7'], ['page_details']],
  ])('takes only what %j asks for', async (include, calls, roles) => {
    const browser = fakeBrowser();
    const captured = await captureEvidence(request({ include }), browser);
    expect([browser.calls, captured.files.map((file) => file.role)]).toEqual([calls, roles]);
  });

  it('goes on without what cannot be captured, and says so', async () => {
    const browser = fakeBrowser({
      captureVisibleTab: async () => {
        throw new Error('Cannot access contents of the page.');
      },
      snapshotPage: async () => {
        throw new Error('The extensions gallery cannot be scripted.');
      },
    });
    const captured = await captureEvidence(request({ reporter: undefined }), browser);
    expect(captured.files).toEqual([]);
    expect(captured.problems).toEqual([
      { kind: 'capture_failed', what: 'screenshot' },
      { kind: 'capture_failed', what: 'page' },
    ]);
    expect(captured.context).toMatchObject({ requestedUrl: 'https://phish.example/login', title: 'Sign in (tab)', notCaptured: captured.problems });
    expect(captured.context).not.toHaveProperty('currentUrl');
    expect(captured.context).not.toHaveProperty('reporter');
  });

  it('ends at the limit, not twice it, when neither part ever answers, and names both for the record', async () => {
    vi.useFakeTimers();
    try {
      const never = () => new Promise<never>(() => undefined);
      const capturing = captureEvidence(request(), fakeBrowser({ captureVisibleTab: never, snapshotPage: never }));
      let settled = false;
      void capturing.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(CAPTURE_PART_LIMIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      const captured = await capturing;
      const both = [
        { kind: 'capture_failed', what: 'screenshot', reason: 'timeout' },
        { kind: 'capture_failed', what: 'page', reason: 'timeout' },
      ];
      expect([captured.files, captured.problems, captured.context.notCaptured]).toEqual([[], both, both]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['the page', { snapshotPage: () => Promise.reject(new Error('Frame with ID 0 was removed.')) }, 'page'],
    ['the screenshot', { captureVisibleTab: () => Promise.reject(new Error('Cannot access contents of url.')) }, 'screenshot'],
  ] as const)('names a refusal of %s as the tab leaving the site when it did', async (_name, refusing, what) => {
    const left = await captureEvidence(request(), fakeBrowser({ ...refusing, tabUrl: async () => 'https://elsewhere.example/' }));
    const stayed = await captureEvidence(request(), fakeBrowser(refusing));
    expect(left.problems.filter((problem) => problem.what === what)).toEqual([{ kind: 'capture_failed', what, reason: 'navigated' }]);
    expect(stayed.problems).toEqual([{ kind: 'capture_failed', what }]);
  });

  it('sends a huge source cut to its byte cap, with nothing to say about it but the cut', async () => {
    const huge = { ...SNAPSHOT, html: '語'.repeat(PAGE_SOURCE_MAX_CHARS), htmlChars: 52_000_000, truncated: true };
    const captured = await captureEvidence(request(), fakeBrowser({ snapshotPage: async () => huge }));
    const source = captured.files.find((file) => file.role === 'page_source')!;
    expect(captured.problems).toEqual([]);
    expect(source.blob.size).toBeLessThanOrEqual(PAGE_SOURCE_MAX_BYTES + 200);
    expect((await source.blob.text()).split('\n')[1]).toBe('Cut at 1000000 of 52000000 characters.');
  });

  it('gives up a screenshot that does not come within the limit, and sends the rest', async () => {
    vi.useFakeTimers();
    try {
      const browser = fakeBrowser({ captureVisibleTab: () => new Promise(() => undefined) });
      const capturing = captureEvidence(request(), browser);
      await vi.advanceTimersByTimeAsync(CAPTURE_PART_LIMIT_MS - 1);
      let settled = false;
      void capturing.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const captured = await capturing;
      expect(captured.problems).toEqual([{ kind: 'capture_failed', what: 'screenshot', reason: 'timeout' }]);
      expect(captured.files.map((file) => file.role)).toEqual(['page_source', 'page_details']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up a page that does not answer within the limit; its late answer is ignored', async () => {
    vi.useFakeTimers();
    try {
      let answer: (snapshot: TakenPage) => void = () => undefined;
      const browser = fakeBrowser({ snapshotPage: () => new Promise((resolve) => (answer = resolve)) });
      const capturing = captureEvidence(request(), browser);
      await vi.advanceTimersByTimeAsync(CAPTURE_PART_LIMIT_MS);
      const captured = await capturing;
      answer(SNAPSHOT);
      expect(captured.problems).toEqual([{ kind: 'capture_failed', what: 'page', reason: 'timeout' }]);
      expect(captured.files.map((file) => file.role)).toEqual(['screenshot']);
      expect(captured.context).toMatchObject({ title: 'Sign in (tab)' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a screenshot taken after the tab left the reported site', async () => {
    const captured = await captureEvidence(request(), fakeBrowser({ tabUrl: async () => 'https://elsewhere.example/' }));
    expect(captured.problems).toEqual([{ kind: 'capture_failed', what: 'screenshot', reason: 'navigated' }]);
    expect(captured.files.map((file) => file.role)).toEqual(['page_source', 'page_details']);
    expect(drawn.stamps).toEqual([]);
  });

  it('keeps a screenshot when the tab cannot be read afterwards (it was closed)', async () => {
    const captured = await captureEvidence(request(), fakeBrowser({ tabUrl: async () => Promise.reject(new Error('No tab with id: 7.')) }));
    expect(captured.files.map((file) => file.role)).toEqual(['screenshot', 'page_source', 'page_details']);
  });

  it('drops page content read from another site, and records no address of it', async () => {
    const captured = await captureEvidence(request(), fakeBrowser({ snapshotPage: async () => ({ ...SNAPSHOT, url: 'https://elsewhere.example/', title: 'Elsewhere' }) }));
    expect(captured.problems).toEqual([{ kind: 'capture_failed', what: 'page', reason: 'navigated' }]);
    expect(captured.files.map((file) => file.role)).toEqual(['screenshot']);
    expect(captured.context).not.toHaveProperty('currentUrl');
    expect(captured.context).toMatchObject({ title: 'Sign in (tab)' });
  });

  it('checks nothing for a tab without an address', async () => {
    const browser = fakeBrowser({ tabUrl: async () => 'https://elsewhere.example/', snapshotPage: async () => ({ ...SNAPSHOT, url: 'https://elsewhere.example/' }) });
    const captured = await captureEvidence(request({ tab: { id: 7, windowId: 3 } }), browser);
    expect(captured.problems).toEqual([]);
  });

  it('caps the page source it asks the page for', () => {
    expect(PAGE_SOURCE_MAX_CHARS).toBe(1_500_000);
  });
});

describe('the browser’s capture quota', () => {
  const QUOTA = 'This request exceeds the MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND quota.';

  it('waits its turn and tries again while the quota is used up', async () => {
    const waits: number[] = [];
    const capture = vi.fn().mockRejectedValueOnce(new Error(QUOTA)).mockRejectedValueOnce(new Error(QUOTA)).mockResolvedValue('data:image/png;base64,');
    expect(await withinCaptureQuota(capture, async (ms) => void waits.push(ms))).toBe('data:image/png;base64,');
    expect(capture).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([CAPTURE_QUOTA_WAIT_MS, CAPTURE_QUOTA_WAIT_MS]);
  });

  it('gives up after four tries, and at once on any other refusal', async () => {
    const quota = vi.fn().mockRejectedValue(new Error(QUOTA));
    await expect(withinCaptureQuota(quota, async () => undefined)).rejects.toThrow(QUOTA);
    expect(quota).toHaveBeenCalledTimes(4);
    const other = vi.fn().mockRejectedValue(new Error('Cannot access contents of the page'));
    await expect(withinCaptureQuota(other, async () => undefined)).rejects.toThrow('Cannot access');
    expect(other).toHaveBeenCalledTimes(1);
  });
});
