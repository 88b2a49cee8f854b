import { browser, type Browser } from 'wxt/browser';

// What the popup's first render is made of, read once: the active tab and, in
// one storage call, the connection, the settings and the policy's copy. The
// shell script (entrypoints/popup-shell.ts) starts the read while popup.html
// is parsed, before the app's code has loaded, and the app takes the same
// read (issue 43: it read them again, in five storage calls, once its code was
// evaluated; the first render waited for them).

/** storage.local keys the popup's first render is made of (`settings$` is the settings' version, for their migration). */
export const FIRST_READ_KEYS = ['connection', 'settings', 'settings$', 'managedView'] as const;

/** The popup's first read: the tab and the stored values arrive each on their own, so a failed one spoils nothing of the other. */
export interface FirstRead {
  tab: Promise<Browser.tabs.Tab | undefined>;
  stored: Promise<Record<string, unknown>>;
}

/** Where the shell script leaves the read for the app: a global, the two scripts being bundled apart. */
const HANDOFF = 'takedownReporterFirstRead';
type Holder = { [HANDOFF]?: FirstRead };

/** Starts the popup's first read, unless this page started it already (the shell script does, first). */
export function startFirstRead(): FirstRead {
  const holder = globalThis as Holder;
  holder[HANDOFF] ??= {
    tab: browser.tabs.query({ active: true, currentWindow: true }).then(([tab]) => tab),
    stored: browser.storage.local.get([...FIRST_READ_KEYS]),
  };
  return holder[HANDOFF];
}

/** The first read for the app's first render, taken once: whatever asks later reads anew. */
export function takeFirstRead(): FirstRead {
  const read = startFirstRead();
  delete (globalThis as Holder)[HANDOFF];
  return read;
}
