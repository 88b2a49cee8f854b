/** Chromium allows two captureVisibleTab calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND); two reports in quick succession wait their turn. */
const CAPTURE_QUOTA = /MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/;
export const CAPTURE_QUOTA_WAIT_MS = 550;
const CAPTURE_QUOTA_TRIES = 4;

/** Calls `capture`, waiting and trying again while the browser says its per-second quota is used up. */
export async function withinCaptureQuota<T>(capture: () => Promise<T>, wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await capture();
    } catch (error) {
      if (attempt >= CAPTURE_QUOTA_TRIES || !CAPTURE_QUOTA.test(error instanceof Error ? error.message : String(error))) throw error;
      await wait(CAPTURE_QUOTA_WAIT_MS);
    }
  }
}
