import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph, problems, repeatedNames } from '../../support/check-deps';

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
});
