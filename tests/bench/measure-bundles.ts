import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// 6. Bundles: the gzipped JavaScript each entrypoint of the production build
// (.output/chrome-mv3, what users install) loads before it is usable — a
// page's module script, its modulepreloads and every static import they make;
// the background's script and its static imports. Everything no entrypoint
// loads up front is a lazy chunk, listed on its own. Also what the manifest
// injects into web pages (content scripts), which should be nothing.

const PAGES = ['popup', 'options', 'review', 'incident'] as const;

export interface Bundles {
  /** Gzipped bytes loaded before use, per entrypoint (background and each page). */
  eager: Record<string, number>;
  /** Files each entrypoint loads before use. */
  files: Record<string, string[]>;
  lazy: { file: string; gzipBytes: number }[];
  contentScripts: number;
}

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

/** The file and every file it statically imports (not `import()`), relative to the build root. */
function withStaticImports(root: string, start: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(root, file), 'utf8');
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)).replace(/^\//, ''));
    }
  }
  return [...seen].sort();
}

/** A page's scripts before use: its script tags, module preloads, and the module and preloads its first script adds (components/ui/page-module.ts). */
function pageScripts(root: string, page: string): string[] {
  const html = readFileSync(path.join(root, `${page}.html`), 'utf8');
  const tags = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((match) => match[1]!);
  const added = [...html.matchAll(/\sdata-(?:module|preload)="([^"]+)"/g)].flatMap((match) => match[1]!.split(' '));
  return [...tags, ...added.filter(Boolean).map((file) => file.replace(/^\//, ''))];
}

function allScripts(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return allScripts(root, relative);
    return entry.name.endsWith('.js') ? [relative] : [];
  });
}

/** Measures the build at `root` (e.g. .output/chrome-mv3). */
export function measureBundles(root: string): Bundles {
  const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as { background?: { service_worker?: string }; content_scripts?: unknown[] };
  const files: Record<string, string[]> = { background: withStaticImports(root, [manifest.background?.service_worker ?? 'background.js']) };
  for (const page of PAGES) files[page] = withStaticImports(root, pageScripts(root, page));
  const eager = Object.fromEntries(Object.entries(files).map(([name, list]) => [name, list.reduce((sum, file) => sum + gzipBytes(path.join(root, file)), 0)]));
  const loadedUpFront = new Set(Object.values(files).flat());
  const lazy = allScripts(root)
    .filter((file) => !loadedUpFront.has(file))
    .map((file) => ({ file, gzipBytes: gzipBytes(path.join(root, file)) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { eager, files, lazy, contentScripts: manifest.content_scripts?.length ?? 0 };
}
