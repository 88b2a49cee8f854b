// The architecture as rules (docs/architecture.md draws it). `npm run lint:deps`
// checks them; `npm test` runs that first, so a rule broken fails the tests.
// Type-only imports are left out of the cycle rule: they vanish at build time.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file imports itself through others (value imports).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'utils-not-components',
      severity: 'error',
      comment: 'utils/ holds the logic; the views depend on it, never the other way.',
      from: { path: '^utils/' },
      to: { path: '^(components|entrypoints)/' },
    },
    {
      name: 'components-not-entrypoints',
      severity: 'error',
      comment: 'Entrypoints wire views; views do not import entrypoints.',
      from: { path: '^components/' },
      to: { path: '^entrypoints/' },
    },
    {
      name: 'api-knows-nothing-above',
      severity: 'error',
      comment: 'utils/api talks HTTP and knows the spec, nothing of ours above it.',
      from: { path: '^utils/api/' },
      to: { path: '^(utils/(?!api/)|components/|entrypoints/)' },
    },
    {
      name: 'indicators-pure',
      severity: 'error',
      comment: 'utils/indicators are pure functions: no browser, storage, messaging or UI.',
      from: { path: '^utils/indicators/' },
      to: { path: '^(utils/(?!indicators/|api/schemas/)|components/|entrypoints/|node_modules/(wxt|webextension-polyfill|@wxt-dev))' },
    },
    {
      name: 'problems-below-features',
      severity: 'error',
      comment: 'Problems are imported by anyone and import nothing above utils/api (their words come from i18n).',
      from: { path: '^utils/problems/' },
      to: { path: '^(utils/(?!problems/|api/|i18n/|indicators/types)|components/|entrypoints/)' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^#i18n$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.output|\\.wxt|tests|coverage|reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], mainFields: ['module', 'main', 'types', 'typings'] },
    skipAnalysisNotInRules: true,
    // TypeScript 7 has no JavaScript API to parse with; swc reads the sources (type-only imports included).
    parser: 'swc',
  },
};
