import { mkdtempSync, writeFileSync } from 'node:fs';
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
