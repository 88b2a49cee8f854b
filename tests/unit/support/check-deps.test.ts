import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph, pageReachesBackground, problems, repeatedNames } from '../../support/check-deps';

const mod = (source: string, ...targets: string[]) => ({ source, dependencies: targets.map((resolved) => ({ resolved })) });

describe('lint:deps folder cycles', () => {
  it.each([
    ['a type import closing a loop between two folders', [mod('utils/storage/a.ts', 'utils/account/b.ts'), mod('utils/account/b.ts', 'utils/storage/c.ts')], [['utils/account', 'utils/storage']]],
    ['a loop through three folders', [mod('utils/a/x.ts', 'utils/b/x.ts'), mod('utils/b/x.ts', 'utils/c/x.ts'), mod('utils/c/x.ts', 'utils/a/y.ts')], [['utils/a', 'utils/b', 'utils/c']]],
    ['imports one way only', [mod('utils/report/x.ts', 'utils/storage/y.ts'), mod('components/a/x.tsx', 'utils/report/x.ts')], []],
    ['files of one folder importing each other', [mod('utils/email/a.ts', 'utils/email/b.ts'), mod('utils/email/b.ts', 'utils/email/a.ts')], []],
    ['packages and files outside the folders', [mod('utils/a/x.ts', 'node_modules/zod/index.js'), mod('tests/x.ts', 'utils/a/x.ts')], []],
  ])('%s', (_, modules, cycles) => {
    expect(folderCycles(folderGraph(modules))).toEqual(cycles);
  });

  it.each([
    ['two find.ts in two folders', ['utils/indicators/find.ts', 'utils/incidents/find.ts'], ['find']],
    ['a view and a module of one name', ['components/incident/incident-lookup.tsx', 'utils/incidents/incident-lookup.ts'], ['incident-lookup']],
    ['an entrypoint main.tsx and a folder index.ts, by convention', ['entrypoints/popup/main.tsx', 'entrypoints/options/main.tsx', 'utils/api/index.ts', 'utils/api/schemas/index.ts'], []],
    ['a test beside a source', ['utils/a/x.ts', 'tests/unit/a/x.ts'], []],
  ])('file names: %s', (_, paths, repeated) => {
    expect([...repeatedNames(paths.map((path) => mod(path))).keys()]).toEqual(repeated);
  });

  it('names the imports that close a cycle, and every broken rule', () => {
    const lines = problems({
      modules: [mod('utils/storage/a.ts', 'utils/account/b.ts'), mod('utils/account/b.ts', 'utils/storage/c.ts')],
      summary: { violations: [{ rule: { name: 'one-report-writer' }, from: 'components/x.tsx', to: 'utils/storage/reports-db.ts' }] },
    });
    expect(lines).toEqual([
      'one-report-writer: components/x.tsx → utils/storage/reports-db.ts',
      'folder cycle (types count): utils/account, utils/storage',
      '  utils/account/b.ts → utils/storage/c.ts',
      '  utils/storage/a.ts → utils/account/b.ts',
    ]);
  });

  const typeOnly = (source: string, target: string) => ({ source, dependencies: [{ resolved: target, dependencyTypes: ['import', 'type-only'] }] });
  const RULE = { pageSide: /^(components\/|utils\/drafts\/)/, backgroundOnly: /^utils\/(background\/|report\/send\.ts$)/ };

  it.each([
    [
      'a view loading the sending code through a helper',
      [mod('components/popup/a.tsx', 'utils/report/helper.ts'), mod('utils/report/helper.ts', 'utils/report/send.ts')],
      [['components/popup/a.tsx', 'utils/report/helper.ts', 'utils/report/send.ts']],
    ],
    ['a page-side util loading the background’s assembly', [mod('utils/drafts/x.ts', 'utils/background/services.ts')], [['utils/drafts/x.ts', 'utils/background/services.ts']]],
    ['a view naming a service’s types only', [typeOnly('components/popup/a.tsx', 'utils/report/send.ts')], []],
    ['the background loading its own code', [mod('utils/background/services.ts', 'utils/report/send.ts')], []],
  ])('pages and background code: %s', (_, modules, ways) => {
    expect(pageReachesBackground(modules, RULE)).toEqual(ways);
  });
});
