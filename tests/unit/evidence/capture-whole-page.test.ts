import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureEvidence, SCREENSHOT_MAX_BYTES, type CaptureBrowser, type CaptureRequest } from '@/utils/evidence/capture';
import type { TakenPage } from '@/utils/evidence/page-snapshot-types';
import { sliceAt } from '@/utils/evidence/whole-page-plan';

// Issue 41: with the setting on, a capture sends the visible screen first and
// the whole page as a second image, taken after the page's snapshot (which
// must not see the page scrolled), within the screenshots' bytes. Drawing is
// stood in for (node has no canvas); real drawing is covered end to end.

const PAGE: TakenPage = { url: 'https://phish.example/login', title: 'Sign in', html: '<html></html>', htmlChars: 13, truncated: false, details: 'Page details' };
const PLAN = { pageHeight: 1600, height: 1600, width: 1265, viewport: 800, innerWidth: 1280, ratio: 1, slices: 2 };
const fits: number[] = [];

beforeEach(() => {
  fits.length = 0;
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext = () => ({ drawImage: () => undefined });
    },
  );
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1280, height: 800, close: () => undefined }));
});

function fakeBrowser(overrides: Partial<CaptureBrowser> = {}): CaptureBrowser & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    captureVisibleTab: async () => (calls.push('capture'), 'data:image/png;base64,iVBORw0KGgo='),
    tabUrl: async () => 'https://phish.example/login',
    snapshotPage: async () => (calls.push('snapshot'), PAGE),
    browserInfo: async () => ({ name: 'Chromium', version: '140.0.1', language: 'en-GB' }),
    extensionVersion: () => '0.2.0',
    stampScreenshot: async () => new Blob(['x'.repeat(1000)], { type: 'image/png' }),
    fitScreenshot: async (image, maxBytes) => (fits.push(maxBytes), { blob: image, type: 'image/png', scale: 1 }),
    wholePageStep: async (_tabId, step, index = 0) => {
      calls.push(step === 'start' ? 'start' : `${step} ${index}`);
      if (step === 'start') return PLAN;
      return step === 'scroll' ? sliceAt(index, 800, 1600, index * 800) : undefined;
    },
    tabActive: async () => true,
    ...overrides,
  };
}

const request = (overrides: Partial<CaptureRequest> = {}): CaptureRequest => ({
  tab: { id: 7, windowId: 3, url: 'https://phish.example/login' },
  requestedUrl: 'https://phish.example/login',
  include: { screenshot: true, pageSource: true, pageDetails: true },
  wholePage: true,
  now: new Date('2026-11-22T10:00:00Z'),
  ...overrides,
});

describe('a capture with the whole page', () => {
  it('sends the visible screen first and the whole page second, taken after the page’s snapshot, within the screenshots’ bytes', async () => {
    const onProgress = vi.fn();
    const browser = fakeBrowser();
    const captured = await captureEvidence(request({ onProgress }), browser);
    expect(captured.files.map((file) => file.name)).toEqual(['screenshot-2026-11-22T10-00-00-000Z.png', 'screenshot-whole-page-2026-11-22T10-00-00-000Z.png', 'page-source.txt', 'page-details.txt']);
    expect(browser.calls.indexOf('snapshot')).toBeLessThan(browser.calls.indexOf('start'));
    expect(browser.calls.slice(browser.calls.indexOf('start'))).toEqual(['start', 'scroll 0', 'capture', 'scroll 1', 'capture', 'restore 0']);
    // The whole page has what the visible screen leaves of the screenshots' bytes.
    expect(fits).toEqual([SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_BYTES - 1000]);
    expect(captured.context.wholePage).toEqual({ pageHeight: 1600, height: 1600, scale: 1 });
    expect(onProgress.mock.calls.filter(([step]) => step === 'whole_page').map(([, state]) => state)).toEqual(['active', 'done']);
  });

  it('takes no whole page when the setting is off', async () => {
    const browser = fakeBrowser();
    const captured = await captureEvidence(request({ wholePage: false }), browser);
    expect(browser.calls).not.toContain('start');
    expect(fits).toEqual([SCREENSHOT_MAX_BYTES]);
    expect(captured.context.wholePage).toBeUndefined();
  });

  it('takes no whole page when the visible screen could not be taken', async () => {
    const browser = fakeBrowser({ captureVisibleTab: () => Promise.reject(new Error('Cannot access contents of the page.')) });
    const captured = await captureEvidence(request(), browser);
    expect(browser.calls).not.toContain('start');
    expect(captured.problems).toEqual([{ kind: 'capture_failed', what: 'screenshot' }]);
  });

  it('goes with the visible screen when the whole page fails, and says why in the record', async () => {
    const captured = await captureEvidence(request(), fakeBrowser({ tabActive: async () => false }));
    expect(captured.files.map((file) => file.role)).toEqual(['screenshot', 'page_source', 'page_details']);
    expect(captured.problems).toEqual([{ kind: 'capture_failed', what: 'whole_page', reason: 'navigated' }]);
    expect(captured.context.notCaptured).toEqual(captured.problems);
  });
});
