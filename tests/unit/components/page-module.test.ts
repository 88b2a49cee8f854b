// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { moduleOnFirstScript, pageModuleLoader } from '@/components/ui/page-module';

// options.html's module is added by its first script after the kept render
// (issue 43): the build moves the tags, the first script adds them once.

const BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <script src="/options-first-read.js" ></script>
    <title>Settings</title>
    <script type="module" crossorigin src="/chunks/options-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/rolldown-runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/chunks/preact-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/incident-D4.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`;

describe('moduleOnFirstScript (the build step)', () => {
  it('moves the module and its preloads onto the first script’s tag, and leaves the rest as it is', () => {
    expect(moduleOnFirstScript(BUILT, '/options-first-read.js')).toBe(`<!DOCTYPE html>
<html lang="en">
  <head>
    <script src="/options-first-read.js" data-module="/chunks/options-A1.js" data-preload="/chunks/rolldown-runtime-B2.js /chunks/preact-C3.js" ></script>
    <title>Settings</title>
    <link rel="stylesheet" crossorigin href="/assets/incident-D4.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`);
  });

  it.each([
    ['no module', BUILT.replace(/<script type="module"[^>]*><\/script>/, '')],
    ['no such first script', BUILT.replace('/options-first-read.js', '/other.js')],
  ])('refuses a page with %s: it would never load its app', (_case, html) => {
    expect(() => moduleOnFirstScript(html, '/options-first-read.js')).toThrow(/Expected a module script/);
  });
});

describe('pageModuleLoader (in the first script)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  /** Runs `body` as if during a script whose tag carries `data`. */
  function duringScript<T>(data: Record<string, string>, body: () => T): T {
    const script = Object.assign(document.createElement('script'), { type: 'text/plain' });
    Object.assign(script.dataset, data);
    document.head.append(script);
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    try {
      return body();
    } finally {
      Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    }
  }

  const added = () =>
    Array.from(document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]'), (element) => [
      element.tagName,
      element.getAttribute('href') ?? element.getAttribute('src'),
      element.getAttribute('crossorigin'),
    ]);

  it('adds the preloads and the module, once, from the tag it ran from', () => {
    const load = duringScript({ module: '/chunks/options-A1.js', preload: '/chunks/rolldown-runtime-B2.js /chunks/preact-C3.js' }, pageModuleLoader);
    expect(added()).toEqual([]);
    load();
    load();
    expect(added()).toEqual([
      ['LINK', '/chunks/rolldown-runtime-B2.js', 'anonymous'],
      ['LINK', '/chunks/preact-C3.js', 'anonymous'],
      ['SCRIPT', '/chunks/options-A1.js', 'anonymous'],
    ]);
  });

  it('adds nothing when the tag names no module (wxt dev keeps the module in the HTML)', () => {
    duringScript({}, pageModuleLoader)();
    expect(added()).toEqual([]);
  });
});
