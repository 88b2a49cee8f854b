// A page whose first (classic) script shows a kept first render loads its
// module after that render, not beside it (issue 43: My reports' first rows).
// On two cores every file in flight delays the others: the module and its
// preloads, asked for with the HTML, held the first script and its read
// (docs/performance.md › Session 10). The build moves the module's tag and
// its preloads onto the first script's tag (moduleOnFirstScript, in
// wxt.config.ts); the first script adds them when its render is in, or at
// once when it has none to show (pageModuleLoader).

const MODULE = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The built `html` with its module script and module preloads taken out and
 * named on the tag of its first script (`firstScript`, its src), as
 * `data-module` and `data-preload`. Throws when either is missing: a page
 * that would never load its app must not build.
 */
export function moduleOnFirstScript(html: string, firstScript: string): string {
  const module = MODULE.exec(html);
  const tag = `<script src="${firstScript}"`;
  if (!module || !html.includes(tag)) throw new Error(`Expected a module script and <script src="${firstScript}"> in the page.`);
  const preloads = [...html.matchAll(PRELOAD)];
  const rest = preloads.reduce((page, [whole]) => page.replace(whole, ''), html.replace(module[0], ''));
  return rest.replace(tag, `${tag} data-module="${module[1]}" data-preload="${preloads.map(([, href]) => href).join(' ')}"`);
}

/**
 * In a page's first script, while it runs (it reads `document.currentScript`):
 * a function that adds the page's module and its preloads once, as the build
 * named them on the script's tag. Without them (`wxt dev`, a test) it does
 * nothing: the page's HTML loads its module itself.
 */
export function pageModuleLoader(): () => void {
  const { module, preload } = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {};
  let added = !module;
  return () => {
    if (added) return;
    added = true;
    for (const href of preload?.split(' ').filter(Boolean) ?? []) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: 'anonymous' }));
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: module, crossOrigin: 'anonymous' }));
  };
}
