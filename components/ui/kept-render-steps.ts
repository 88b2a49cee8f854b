// What a page's kept first render needs, shared by the popup's shell
// (components/popup/kept-render.ts) and My reports' kept rows
// (components/my-reports/kept-reports.ts): a key of what the render was made
// of, the page's #app as soon as it is parsed, and a wait for idle before
// the copy is written.

/** SHA-256 of `text`, in hex: a key of what a render was made of, with nothing of it in clear. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The page's #app, as soon as the parser has inserted it (the first scripts
 * run at the top of the page's head). Not at `interactive` either: the parser
 * ends only after the tasks queued before it, the app's module fetching its
 * imports among them (issue 43: a trace showed the popup's reads in 7–8 ms
 * before the end of parsing, on which popup-ready waited).
 */
export function appElement(): Promise<HTMLElement> {
  const app = document.getElementById('app');
  if (app) return Promise.resolve(app);
  return new Promise((resolve) => {
    const parsed = new MutationObserver(() => {
      const inserted = document.getElementById('app');
      if (!inserted) return;
      parsed.disconnect();
      resolve(inserted);
    });
    parsed.observe(document, { childList: true, subtree: true });
  });
}

/** Settles once the page is idle (or after half a second): the first frames come first. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 500 }) : setTimeout(resolve, 0)));
}
