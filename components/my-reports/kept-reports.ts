import { browser } from 'wxt/browser';
import type { RecentPage } from '@/utils/report/report-store';
import { appElement, sha256Hex, whenIdle } from '../ui/kept-render-steps';

// My reports' first rows before the options page's code (issue 43: first
// rows). As the popup's shell (components/popup/kept-render.ts): the page
// keeps its own first render (HTML, in the pages' localStorage) under a key
// of what it was made of: the first page of reports as read, the page's
// place, the window's height (how many rows show), the extension's version,
// language and time zone. On the next open, options.html's first script
// (entrypoints/options-first-read.ts) reads the first page, and when the key
// is the same, shows that render at once: the same rows the app shows first,
// the app's own markup. The app then renders over it (Preact reuses the
// nodes and mends any difference). Buttons wait for the app (disabled).

/** localStorage key of the kept render. */
const KEPT_KEY = 'takedown-reporter:reports-shell';

interface KeptReports {
  /** The fragment the render was made for: a render kept for another one stays. */
  place: string;
  /** SHA-256 of what the render was made of. */
  key: string;
  html: string;
}

function readKept(): KeptReports | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as Partial<KeptReports> | null;
    return typeof kept?.place === 'string' && typeof kept.key === 'string' && typeof kept.html === 'string' ? (kept as KeptReports) : undefined;
  } catch {
    return undefined;
  }
}

/** What the page's first render is made of, as a key: the same first page in the same page and window renders the same. */
function keptReportsKey(page: RecentPage): Promise<string> {
  const made = [browser.runtime.getManifest().version, browser.i18n.getUILanguage(), Intl.DateTimeFormat().resolvedOptions().timeZone, location.hash, globalThis.innerHeight, page];
  return sha256Hex(JSON.stringify(made));
}

/**
 * In options.html's first script, once the first page is read: shows the
 * kept render in #app when it was made of the same (a stale one for this
 * place is deleted), and marks `my-reports-rows`. Leaves the key on #app for
 * the app to keep its own first render under (keepReportsRender). `loadApp`
 * adds the page's module (components/ui/page-module.ts), once whatever
 * happens here: with no kept render for this place, as soon as #app is
 * parsed; else once the kept render is in, found stale, or failed (its files
 * in flight held this read).
 */
export async function showKeptReports(read: Promise<RecentPage>, loadApp: () => void = () => undefined): Promise<void> {
  let appAsked = false;
  const askForApp = () => {
    appAsked = true;
    void appElement().then(loadApp);
  };
  try {
    const kept = readKept();
    const nodes = kept?.place === location.hash ? new DOMParser().parseFromString(kept.html, 'text/html').body.childNodes : undefined;
    if (!nodes) askForApp();
    const key = await keptReportsKey(await read);
    const app = await appElement();
    app.dataset.reportsKey = key;
    if (!kept || !nodes) return;
    if (kept.key !== key) {
      localStorage.removeItem(KEPT_KEY);
      return;
    }
    // The app rendered first (it waits for this very read): it stands.
    if (app.childElementCount > 0) return;
    app.append(...nodes);
    app.dataset.shell = '';
    // The rows are in the document, painted in this frame (report-table.tsx marks them otherwise).
    performance.mark('my-reports-rows', { detail: 'shell' });
  } finally {
    if (!appAsked) askForApp();
  }
}

/** A copy of the render with its buttons waiting for the app. */
function shellCopy(app: HTMLElement): HTMLElement {
  const copy = app.cloneNode(true) as HTMLElement;
  for (const control of copy.querySelectorAll('button, select, input')) control.setAttribute('disabled', '');
  return copy;
}

/**
 * Right after the app's first render: keeps it for the next open when it
 * shows report rows, under the key the first script read. The copy is taken
 * at once (the render as it was made), written once the page is idle. A
 * render shown from the kept one is not written again.
 */
export async function keepReportsRender(app: HTMLElement): Promise<void> {
  const shown = 'shell' in app.dataset;
  delete app.dataset.shell;
  if (shown || !app.querySelector('.report-row')) return;
  const copy = shellCopy(app);
  const place = location.hash;
  await whenIdle();
  const key = app.dataset.reportsKey;
  if (!key) return;
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify({ place, key, html: copy.innerHTML } satisfies KeptReports));
  } catch {
    // A full or blocked localStorage: the next open renders as this one did.
  }
}

/**
 * Deletes the kept render (it shows the newest reports' subjects): on "Forget
 * connection", so that no copy of them outlives the connection until My
 * reports is next opened, as the popup's kept render (forgetPopupShell).
 */
export function forgetKeptReports(): void {
  try {
    localStorage.removeItem(KEPT_KEY);
  } catch {
    // A blocked localStorage kept nothing either.
  }
}
