import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_READ_KEYS } from '@/components/popup/first-read';
import { POPUP_FLOOR_PAGE, popupEagerFiles, writePopupFloor } from '../../bench/reference-extension.ts';

// The popup's floor of our design (issue 43) must load our popup's files in
// the same places, run none of their code, make our first read and mark the
// two figures.

const HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <script src="/popup-shell.js" ></script>
    <script type="module" crossorigin src="/chunks/popup-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/rolldown-runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/chunks/preact-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/incident-D4.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`;
const OURS: Record<string, string> = {
  '/popup-shell.js': '(function(){globalThis.ran.push("shell")})();',
  '/chunks/popup-A1.js': 'import{a as x,b as y}from"./preact-C3.js";import"./rolldown-runtime-B2.js";globalThis.ran.push("popup");await x(y);',
  '/chunks/rolldown-runtime-B2.js': 'var o=1;globalThis.ran.push("runtime");export{o as n};',
  '/chunks/preact-C3.js': 'import{n as e}from"./rolldown-runtime-B2.js";globalThis.ran.push("preact");export{e as a,e as b};',
  '/assets/incident-D4.css': 'body{color:red}',
};
const dirs: string[] = [];

afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folders(): { build: string; reference: string } {
  const [build, reference] = [mkdtempSync(path.join(tmpdir(), 'popup-floor-build-')), mkdtempSync(path.join(tmpdir(), 'popup-floor-ref-'))];
  dirs.push(build, reference);
  writeFileSync(path.join(build, 'popup.html'), HTML);
  for (const [file, code] of Object.entries(OURS)) {
    mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
    writeFileSync(path.join(build, file), code);
  }
  writePopupFloor(build, reference);
  return { build, reference };
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** A module's code as a script: its imports (kept as bare imports, asserted apart) taken out. */
const asScript = (code: string) => code.replace(/^import "[^"]+";$/gm, '');

describe('writePopupFloor', () => {
  it('lists the files popup.html loads before its first render', () => {
    expect(popupEagerFiles(HTML)).toEqual(Object.keys(OURS));
  });

  it('writes our page with a form in #app, and every file of ours in the same place, carrying our code', () => {
    const { reference } = folders();
    expect(read(reference, POPUP_FLOOR_PAGE)).toBe(HTML.replace('<div id="app"></div>', '<div id="app"><form><label>Address <input id="subject"></label><p id="state">…</p></form></div>'));
    expect(read(reference, '/assets/incident-D4.css')).toBe(OURS['/assets/incident-D4.css']);
    expect(read(reference, '/popup-shell.js')).toContain(OURS['/popup-shell.js']);
    expect(read(reference, '/chunks/popup-A1.js')).toContain('globalThis.ran.push("popup");await x(y);');
  });

  it('keeps each module’s imports, so the module graph loads as ours does, and drops its exports', () => {
    const { reference } = folders();
    expect(read(reference, '/chunks/popup-A1.js')).toMatch(/^import "\.\/preact-C3\.js";\nimport "\.\/rolldown-runtime-B2\.js";\n/);
    expect(read(reference, '/chunks/preact-C3.js')).toMatch(/^import "\.\/rolldown-runtime-B2\.js";\n/);
    for (const file of ['/chunks/preact-C3.js', '/chunks/rolldown-runtime-B2.js']) expect(read(reference, file)).not.toMatch(/export\s*\{/);
  });

  it('runs none of our modules’ code; the page’s module marks popup-mounted once evaluated', async () => {
    const { reference } = folders();
    for (const file of ['/chunks/popup-A1.js', '/chunks/preact-C3.js', '/chunks/rolldown-runtime-B2.js']) {
      const marks: string[] = [];
      const sandbox = { ran: [] as string[], performance: { mark: (name: string) => marks.push(name) } };
      runInNewContext(asScript(read(reference, file)), sandbox);
      expect(sandbox.ran).toEqual([]);
      expect(marks).toEqual(file === '/chunks/popup-A1.js' ? ['popup-mounted'] : []);
    }
  });

  it('runs none of the shell’s code: makes our first read, fills the form and marks popup-ready', async () => {
    const { reference } = folders();
    const reads: unknown[] = [];
    const marks: string[] = [];
    const fields = { subject: { value: '' }, state: { textContent: '' } };
    const sandbox = {
      ran: [] as string[],
      performance: { mark: (name: string) => marks.push(name) },
      document: { getElementById: (id: keyof typeof fields) => fields[id] },
      chrome: {
        storage: { local: { get: (keys: unknown) => (reads.push(keys), Promise.resolve({ connection: { service: 'x' } })) } },
        tabs: { query: () => Promise.resolve([{ url: 'https://phish.example/login' }]) },
      },
    };
    runInNewContext(read(reference, '/popup-shell.js'), sandbox);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sandbox.ran).toEqual([]);
    expect(reads).toEqual([[...FIRST_READ_KEYS]]);
    expect(fields).toEqual({ subject: { value: 'https://phish.example/login' }, state: { textContent: 'connected' } });
    expect(marks).toEqual(['popup-ready']);
  });

  it('refuses a popup.html without a classic first script and a module', () => {
    const { build, reference } = folders();
    writeFileSync(path.join(build, 'popup.html'), HTML.replace(/<script type="module"[^>]*><\/script>/, ''));
    expect(() => writePopupFloor(build, reference)).toThrow(/classic first script and a module/);
  });
});
