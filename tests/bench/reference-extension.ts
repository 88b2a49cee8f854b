import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The limits of "popup ready" and "cold start": the emptiest extension that
// can be measured the same way as ours. Its toolbar popup is a page whose one
// script marks `popup-ready` (the mark ours sets when its form is usable);
// its worker answers any message at once. Written at run time, loaded beside
// ours in the same browser.

const FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Bench reference: an empty extension',
    version: '1.0',
    action: { default_popup: 'page.html' },
    background: { service_worker: 'worker.js' },
  }),
  'page.html': '<!doctype html><html><head><meta charset="utf-8"><title>Empty</title></head><body><script src="page.js"></script></body></html>',
  'page.js': "performance.mark('popup-ready');\n",
  'worker.js': 'chrome.runtime.onMessage.addListener((message, sender, respond) => { respond({ ok: true }); });\n',
};

/** Writes the reference extension to a new temporary folder and answers its path. */
export function writeReferenceExtension(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'takedown-bench-reference-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, name), text);
  return dir;
}
