import type { Problem } from '@/utils/problems/kinds';

// Code a click loads (the review window's ways in, the popup's send code):
// after an extension update the page still runs the old build, whose lazy
// files are gone, so the import rejects. It must say so (issue 39), as
// lazyComponent does for a part of a page (./lazy.tsx), not fail silently.

/** What loading lazy code came to: the module, or the `code_not_loaded` problem (the page asks for a reload). */
export type LoadedCode<T> = { ok: true; module: T } | { ok: false; problem: Problem };

/** Loads a lazily imported module; a rejected import answers `code_not_loaded` instead of throwing. */
export async function loadCode<T>(load: () => Promise<T>): Promise<LoadedCode<T>> {
  try {
    return { ok: true, module: await load() };
  } catch {
    return { ok: false, problem: { kind: 'code_not_loaded' } };
  }
}
