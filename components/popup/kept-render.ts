import { browser } from 'wxt/browser';
import { startFirstRead, type FirstRead } from './first-read';
import { tabSubject } from '@/utils/report/tab-draft-fields';
import { isWebLink } from '@/utils/indicators/web-link';
import { appElement, sha256Hex, whenIdle } from '../ui/kept-render-steps';

// The popup's first paint, before its framework and form are evaluated
// (issue 24: popup ready). The popup keeps its own first render (HTML, in the
// pages' localStorage) with what it was rendered from: the stored connection,
// settings and organisation policy, the kind of tab, the extension's version
// and language. On the next open, a small classic script run while
// popup.html is parsed (entrypoints/popup-shell.ts) reads the same and, when
// nothing changed, shows that render with the tab's address filled in. The
// app then renders over it with the same components (Preact reuses the
// nodes and mends any difference), and what was typed meanwhile is typed
// again into the app. One implementation: the shell is the app's own output.
// Buttons, lists and boxes wait for the app (disabled in the shell), which
// takes over within the time a popup took to show before; text fields take
// typing from the first paint.

/** localStorage key of the kept render. */
const SHELL_KEY = 'takedown-reporter:popup-shell';

/**
 * storage.local keys the popup's first render is made of: connectionItem,
 * settingsItem and managedViewItem (a unit test holds them to the items).
 */
export const SHELL_STATE_KEYS = ['connection', 'settings', 'managedView'] as const;

/** The id of the field the shell fills with the tab's address. */
const SUBJECT_ID = 'report-subject';

interface KeptShell {
  /** SHA-256 of what the render was made of: nothing of the connection or settings is kept in clear beside it. */
  key: string;
  html: string;
}

function readKept(): KeptShell | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(SHELL_KEY) ?? 'null') as Partial<KeptShell> | null;
    return typeof kept?.key === 'string' && typeof kept.html === 'string' ? { key: kept.key, html: kept.html } : undefined;
  } catch {
    return undefined;
  }
}

/** What the popup's first render is made of, as a key; and the active tab's address. From the popup's first read, which the app takes too. */
async function readShellState(read: FirstRead): Promise<{ key: string; url: string | undefined }> {
  const [tab, stored] = await Promise.all([read.tab, read.stored]);
  const tabKind = tab?.id === undefined ? 'none' : isWebLink(tab.url) ? 'web' : 'other';
  const made = [browser.runtime.getManifest().version, browser.i18n.getUILanguage(), tabKind, SHELL_STATE_KEYS.map((key) => stored[key] ?? null)];
  return { key: await sha256Hex(JSON.stringify(made)), url: tab?.url };
}

/**
 * In popup.html, while it is parsed: shows the kept render in `app` once the
 * stored state is the one it was made of (a stale one is deleted), with the
 * tab's address, and marks `popup-ready`. Leaves the key on `app` for the
 * app to keep its own first render under (keepPopupShell).
 */
export async function showPopupShell(): Promise<void> {
  // First: the app takes this read too (./first-read.ts).
  const read = startFirstRead();
  const kept = readKept();
  const nodes = kept ? new DOMParser().parseFromString(kept.html, 'text/html').body.childNodes : undefined;
  const { key, url } = await readShellState(read);
  const app = await appElement();
  app.dataset.shellKey = key;
  if (!kept || !nodes) return;
  if (kept.key !== key) {
    localStorage.removeItem(SHELL_KEY);
    return;
  }
  // The app rendered first (it never should): it stands.
  if (app.childElementCount > 0) return;
  app.append(...nodes);
  app.dataset.shell = '';
  const subject = document.getElementById(SUBJECT_ID);
  if (subject instanceof HTMLInputElement) subject.value = tabSubject(url);
  // Typing is kept: the app types it again (adoptPopupShell). Nothing is sent from the shell.
  app.addEventListener('input', (event) => event.target instanceof HTMLElement && 'shell' in app.dataset && event.target.setAttribute('data-typed', ''));
  app.addEventListener('submit', (event) => 'shell' in app.dataset && event.preventDefault(), true);
  // The form is in the document with the tab's address and the connection (report-form.tsx marks it otherwise).
  performance.mark('popup-ready', { detail: 'shell' });
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Just before the app's first render: what was typed into the shell. The
 * returned function, called right after that render, types it again into
 * the app (whose fields start from their own state) and gives the focus back.
 */
export function adoptPopupShell(app: HTMLElement): () => void {
  if (!('shell' in app.dataset)) return () => undefined;
  const typed = Array.from(app.querySelectorAll<Field>('[data-typed]'), (field) => ({ id: field.id, value: field.value }));
  const focused = document.activeElement?.id;
  return () => {
    delete app.dataset.shell;
    for (const { id, value } of typed) {
      const field = document.getElementById(id) as Field | null;
      if (!field || field.value === value) continue;
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused && document.activeElement?.id !== focused) document.getElementById(focused)?.focus();
  };
}

/** A copy of the render with its form state written into the HTML (Preact sets values as properties), the controls waiting for the app. */
function shellCopy(app: HTMLElement): HTMLElement {
  const copy = app.cloneNode(true) as HTMLElement;
  const live = app.querySelectorAll<HTMLElement>('input, textarea, select');
  copy.querySelectorAll<HTMLElement>('input, textarea, select').forEach((control, index) => {
    const from = live[index];
    if (control instanceof HTMLTextAreaElement && from instanceof HTMLTextAreaElement) control.textContent = from.value;
    else if (control instanceof HTMLSelectElement && from instanceof HTMLSelectElement) {
      for (const option of control.options) option.toggleAttribute('selected', option.value === from.value);
    } else if (control instanceof HTMLInputElement && from instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio') control.toggleAttribute('checked', from.checked);
      else if (control.id !== SUBJECT_ID) control.setAttribute('value', from.value);
    }
  });
  for (const control of copy.querySelectorAll('button, select, input[type="checkbox"], input[type="radio"]')) control.setAttribute('disabled', '');
  return copy;
}

/**
 * Right after the app's first render, before what was typed in the shell is
 * typed again: keeps that render for the next open when it shows the report
 * form (the shell is for reporting), under the key the shell script read.
 * The copy is taken at once; it is written once the page is idle. A first
 * render of anything else keeps nothing; a kept render whose state has
 * changed since is deleted by the next open's shell script.
 */
export async function keepPopupShell(app: HTMLElement): Promise<void> {
  const key = app.dataset.shellKey;
  if (!key || !document.getElementById(SUBJECT_ID)) return;
  const copy = shellCopy(app);
  await whenIdle();
  try {
    localStorage.setItem(SHELL_KEY, JSON.stringify({ key, html: copy.innerHTML } satisfies KeptShell));
  } catch {
    // A full or blocked localStorage: the next open renders as this one did.
  }
}

/**
 * Deletes the kept render (it shows the connection's service and clients,
 * and the reporter's address): on "Forget connection", so nothing of the
 * connection stays in this browser until the popup is next opened.
 */
export function forgetPopupShell(): void {
  try {
    localStorage.removeItem(SHELL_KEY);
  } catch {
    // A blocked localStorage kept nothing either.
  }
}
