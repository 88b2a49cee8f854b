import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The limits of "popup ready" and "cold start": the emptiest extension that
// can be measured the same way as ours. Its toolbar popup is a page whose one
// script marks `popup-ready` (the mark ours sets when its form is usable);
// its worker answers any message at once. Its second popup (`reads.html`,
// set with action.setPopup) is the floor: the reads a report popup needs. Written at run time, loaded beside
// ours in the same browser.

const FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Bench reference: an empty extension',
    version: '1.0',
    permissions: ['storage', 'tabs'],
    action: { default_popup: 'page.html' },
    background: { service_worker: 'worker.js' },
  }),
  'page.html': '<!doctype html><html><head><meta charset="utf-8"><title>Empty</title></head><body><script src="page.js"></script></body></html>',
  'page.js': "performance.mark('popup-ready');\n",
  // The floor of npm run bench:peers, timed by its paints (tests/bench/peers-browser.ts): the emptiest page that paints, one word in the HTML, no script.
  'text.html': '<!doctype html><html><head><meta charset="utf-8"><title>Empty</title></head><body><p>Empty</p></body></html>',
  // The floor of "popup ready": a form written in the HTML (no framework) that
  // shows the tab's address and a stored value once the two reads every
  // report popup needs have answered, side by side.
  'reads.html':
    '<!doctype html><html><head><meta charset="utf-8"><title>Reads</title></head><body><form><label>Address <input id="subject"></label><p id="state">…</p></form><script src="reads.js"></script></body></html>',
  'reads.js':
    "Promise.all([chrome.storage.local.get(['connection', 'settings']), chrome.tabs.query({ active: true, currentWindow: true })]).then(([stored, [tab]]) => {\n  document.getElementById('subject').value = tab?.url ?? '';\n  document.getElementById('state').textContent = stored.connection ? 'connected' : 'not connected';\n  performance.mark('popup-ready');\n});\n",
  'worker.js': 'chrome.runtime.onMessage.addListener((message, sender, respond) => { respond({ ok: true }); });\n',
};

/** Writes the reference extension to a new temporary folder and answers its path. */
export function writeReferenceExtension(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'takedown-bench-reference-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/**
 * The events our worker listens to from its first turn (MV3 delivers an event
 * that wakes a worker only to listeners added then), as `chrome.<path>`.
 * measure-cold-start.ts checks that ours has a listener on each, so the floor
 * never does more than ours. Not `commands.onCommand`: the floor has no
 * commands to declare (a lighter floor, against us).
 */
export const FIRST_TURN_EVENTS = [
  'runtime.onInstalled',
  'runtime.onMessage',
  'runtime.onConnect',
  'alarms.onAlarm',
  'notifications.onClicked',
  'contextMenus.onClicked',
  'permissions.onAdded',
  'permissions.onRemoved',
  'storage.onChanged',
  'storage.local.onChanged',
] as const;

/**
 * The floor of "cold start" (issue 43): the least a worker of our design does
 * before its first answer, without any of our code run. It carries our
 * worker's script whole, inside a function never called (Chromium hands the
 * installed script and its code cache to every start: the bytes cost whether
 * run or not, docs/performance.md › The worker's cold start), listens to the
 * events ours must listen to in its first turn, and answers a message after
 * one `storage.local.get` of two keys, as ours reads the connection and the
 * key. Ours runs its modules, builds its services and checks the call on top.
 */
export function writeWorkerFloorExtension(ourWorkerScript: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'takedown-bench-worker-floor-'));
  const listeners = FIRST_TURN_EVENTS.filter((event) => event !== 'runtime.onMessage')
    .map((event) => `chrome.${event}.addListener(() => {});`)
    .join('\n');
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify({
      manifest_version: 3,
      name: 'Bench floor: a worker of our design that runs none of our code',
      version: '1.0',
      permissions: ['storage', 'alarms', 'notifications', 'contextMenus'],
      background: { service_worker: 'floor.js' },
    }),
    'page.html': FILES['page.html']!,
    'page.js': FILES['page.js']!,
    'floor.js': `${listeners}
chrome.runtime.onMessage.addListener((message, sender, respond) => {
  chrome.storage.local.get(['connection', 'apiKey']).then(() => respond({ ok: true }));
  return true;
});
// Our worker's script, parsed and never run.
function ourWorkerNeverRun() {
${ourWorkerScript}
}
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/**
 * The design floor's first script: the reads ours makes (the tab, and the
 * stored keys of components/popup/first-read.ts), the form found as soon as
 * the parser has inserted it (not at DOMContentLoaded, which waits for the
 * modules), then the form filled and `popup-ready`.
 */
const FLOOR_FIRST_SCRIPT = `const parsed = new Promise((found) => {
  if (document.getElementById('subject')) return found();
  const watch = new MutationObserver(() => document.getElementById('subject') && (watch.disconnect(), found()));
  watch.observe(document, { childList: true, subtree: true });
});
Promise.all([chrome.storage.local.get(['connection', 'settings', 'settings$', 'managedView']), chrome.tabs.query({ active: true, currentWindow: true }), parsed]).then(([stored, [tab]]) => {
  document.getElementById('subject').value = tab?.url ?? '';
  document.getElementById('state').textContent = stored.connection ? 'connected' : 'not connected';
  performance.mark('popup-ready');
});`;

/** The reference extension's page that loads our popup's files and runs none of their code (writePopupFloor). */
export const POPUP_FLOOR_PAGE = 'design.html';

/** The files our popup.html loads before its first render: its scripts, module preloads and stylesheets, as absolute paths in the build. */
export function popupEagerFiles(popupHtml: string): string[] {
  return [...popupHtml.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]!);
}

/** A module's code with its imports kept (the module graph loads as ours does) and everything else inside a function never called. */
function moduleNeverRun(code: string, then: string): string {
  const imports = [...code.matchAll(/import\s*(?:\{[^}]*\}\s*from\s*)?"([^"]+)";?/g)].map((match) => `import "${match[1]}";`);
  const body = code.replace(/import\s*(?:\{[^}]*\}\s*from\s*)?"[^"]+";?/g, '').replace(/export\s*\{[^}]*\};?/g, '');
  return `${imports.join('\n')}\nasync function ourModuleNeverRun() {\n${body}\n}\n${then}`;
}

/**
 * The floor of "popup ready" and "popup mounted" (issue 43): a popup of our
 * design that runs none of our code. Its page is our built popup.html with
 * the same files in the same places, each one's code inside a function never
 * called (MV3 forbids inline scripts: every file is a request, and each one
 * in flight delays the others on a 2-core machine, docs/performance.md ›
 * The popup's open), and a form written in the HTML. Its first script reads
 * the tab and storage as ours does and fills the form (`popup-ready`); its
 * module, once the page's modules are in and evaluated, marks
 * `popup-mounted`. Ours renders its kept form and then its app on top. The
 * popup's bundle budget (≤ 30 KB gzipped) keeps the floor's bytes from
 * growing, and its count of files before the first render is a budget of
 * its own (figures.ts). Written into the reference extension's folder.
 */
export function writePopupFloor(ourBuild: string, referenceDir: string): void {
  const html = readFileSync(path.join(ourBuild, 'popup.html'), 'utf8');
  const files = popupEagerFiles(html);
  const [shell, entry] = [files.find((file) => !file.startsWith('/chunks/') && file.endsWith('.js')), files.find((file) => /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] === file)];
  if (!shell || !entry) throw new Error(`popup.html no longer has a classic first script and a module: ${files.join(', ')}`);
  const form = '<form><label>Address <input id="subject"></label><p id="state">…</p></form>';
  writeFileSync(path.join(referenceDir, POPUP_FLOOR_PAGE), html.replace('<div id="app"></div>', `<div id="app">${form}</div>`));
  for (const file of files) {
    const code = readFileSync(path.join(ourBuild, file), 'utf8');
    let floor = code;
    if (file === shell) floor = `${FLOOR_FIRST_SCRIPT}\nfunction ourShellNeverRun() {\n${code}\n}\n`;
    else if (file.endsWith('.js')) floor = moduleNeverRun(code, file === entry ? "performance.mark('popup-mounted');\n" : '');
    mkdirSync(path.dirname(path.join(referenceDir, file)), { recursive: true });
    writeFileSync(path.join(referenceDir, file), floor);
  }
}
