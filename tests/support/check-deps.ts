// `npm run lint:deps`: dependency-cruiser's JSON, from the file it wrote (a file,
// not a pipe: one CI run lost this step to the reading process aborting with
// "double free or corruption" while dependency-cruiser still wrote). Fails on every rule
// of .dependency-cruiser.cjs it broke, and on any cycle between folders once
// type imports count too (issue 39): the layer rules look at values only, and a
// shared type kept in an upper folder ties the layers together all the same;
// on a file name used twice; and on a page that loads background-only code by
// value through other files (the rule pages-not-background-code, followed all the way).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Dependency {
  resolved: string;
  /** `type-only` among them: gone at build time. */
  dependencyTypes?: string[];
}
interface Module {
  source: string;
  dependencies: Dependency[];
}
interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}
interface CruiseResult {
  modules: Module[];
  summary: { violations: Violation[] };
}

/** The folder a file belongs to for the cycle rule: `utils/x`, `components/x`, `entrypoints/x`; null outside them. */
export function folderOf(path: string): string | null {
  return /^((?:utils|components|entrypoints)\/[^/]+)\//.exec(path)?.[1] ?? null;
}

/** Folder → folders it imports (values and types), with one file import named for each edge. */
export function folderGraph(modules: readonly Module[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const { source, dependencies } of modules) {
    const from = folderOf(source);
    if (!from) continue;
    for (const { resolved } of dependencies) {
      const to = folderOf(resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${source} → ${resolved}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The groups of folders that import each other, however long the way round (Tarjan's strongly connected components). */
export function folderCycles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = stack.splice(stack.indexOf(folder));
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** Names a file may share with others: an entrypoint's `main`, a folder's `index` (WXT's and TypeScript's conventions). */
const SHARED_NAMES = new Set(['index', 'main']);

/** File names, without their extension, that repeat among our sources (issue 39: `find.ts` twice sent a reader to the wrong one), each with its paths. */
export function repeatedNames(modules: readonly Module[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { source } of modules) {
    const name = source.slice(source.lastIndexOf('/') + 1).replace(/\.[cm]?[jt]sx?$/, '');
    if (!/^(utils|components|entrypoints)\//.test(source) || SHARED_NAMES.has(name)) continue;
    byName.set(name, [...(byName.get(name) ?? []), source]);
  }
  return new Map([...byName].filter(([, paths]) => paths.length > 1));
}

/** Where the page side starts and what it may not load, from the rule pages-not-background-code of .dependency-cruiser.cjs. */
interface PageRule {
  pageSide: RegExp;
  backgroundOnly: RegExp;
}

/** The rule as .dependency-cruiser.cjs states it, so the two never disagree. */
function pageRuleOfConfig(): PageRule {
  const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: { name: string; from: { path: string }; to: { path: string } }[] };
  const rule = config.forbidden.find(({ name }) => name === 'pages-not-background-code');
  if (!rule) throw new Error('.dependency-cruiser.cjs has no rule pages-not-background-code');
  return { pageSide: new RegExp(rule.from.path), backgroundOnly: new RegExp(rule.to.path) };
}

/**
 * Each way a page-side file loads a background-only file by value, however
 * many files lie between (type imports left out: a page may name a
 * service's types). One way a background file, the first found.
 */
export function pageReachesBackground(modules: readonly Module[], { pageSide, backgroundOnly }: PageRule): string[][] {
  const bySource = new Map(modules.map((module) => [module.source, module]));
  const ways = new Map<string, string[]>();
  const found: string[][] = [];
  const queue = modules.filter(({ source }) => pageSide.test(source)).map(({ source }) => source);
  for (const source of queue) ways.set(source, [source]);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const { resolved, dependencyTypes = [] } of bySource.get(next)?.dependencies ?? []) {
      if (dependencyTypes.includes('type-only') || ways.has(resolved)) continue;
      const way = [...ways.get(next)!, resolved];
      ways.set(resolved, way);
      if (backgroundOnly.test(resolved)) found.push(way);
      else queue.push(resolved);
    }
  }
  return found;
}

/** The lines to print: each broken rule, each folder cycle with the imports that close it, each repeated file name, each way a page loads background code. */
export function problems(result: CruiseResult, pageRule: PageRule = pageRuleOfConfig()): string[] {
  const lines = result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
  const graph = folderGraph(result.modules);
  for (const group of folderCycles(graph)) {
    lines.push(`folder cycle (types count): ${group.join(', ')}`);
    for (const from of group) for (const [to, edge] of graph.get(from) ?? []) if (group.includes(to)) lines.push(`  ${edge}`);
  }
  for (const [name, paths] of repeatedNames(result.modules)) lines.push(`file name used twice: ${name} (${paths.join(', ')})`);
  for (const way of pageReachesBackground(result.modules, pageRule)) lines.push(`a page loads background code: ${way.join(' → ')}`);
  return lines;
}

if (import.meta.main) {
  const result = JSON.parse(readFileSync(process.argv[2] ?? 0, 'utf8')) as CruiseResult;
  const found = problems(result);
  for (const line of found) console.error(line);
  console.log(found.length ? 'architecture rules broken (above)' : `architecture rules hold (${result.modules.length} modules)`);
  process.exitCode = found.length ? 1 : 0;
}
