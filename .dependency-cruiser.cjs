// The architecture as rules (docs/architecture.md draws it). `npm run lint:deps`
// checks them; `npm test` runs that first, so a rule broken fails the tests.
// Type-only imports are left out of the cycle rule: they vanish at build time.

/**
 * The utils/ folders in layers, lowest first (docs/architecture.md draws
 * them). A folder imports values only from layers below its own, so no two
 * folders can import each other, however long the way round.
 */
const LAYERS = [
  ['api', 'i18n'],
  ['indicators', 'problems', 'messaging'],
  ['storage', 'email', 'webmail'],
  ['settings', 'evidence', 'navigation'],
  ['incidents'],
  ['report'],
  ['drafts'],
  ['connection', 'account', 'webhooks', 'backup'],
  ['menus'],
  ['background'],
];

const folders = (names) => `^utils/(${names.join('|')})/`;

/** Code that runs only in the service worker: its assembly, the menus, the outbox's moves and upkeep, sending, the navigation keeper, and every *-service.ts factory (pages call them through utils/messaging/background-service.ts). */
const BACKGROUND_ONLY =
  '^(utils/(background|menus)/|utils/report/(outbox|outbox-upkeep|send|send-queue|tab-report|report-deps|tab-draft|follow-up|action-record|report-feedback)\\.ts$|utils/navigation/navigation-keeper\\.ts$|utils/(?!messaging/)[^/]+/[^/]+-service\\.ts$)';
/** The utils/ folders only pages load. */
const PAGE_ONLY_UTILS = 'utils/drafts/';
/** Code that runs on the extension's pages: the views, the page entrypoints, the page-side report code. */
const PAGE_SIDE = `^(components/|entrypoints/(popup|options|review|incident)/|${PAGE_ONLY_UTILS})`;

/** One rule a layer: its folders import no value from their own layer's other folders, nor from any layer above. */
const layerRules = LAYERS.map((layer, index) => ({
  name: `layer-${index}-${layer.join('-')}`,
  severity: 'error',
  comment: `utils/{${layer.join(',')}} import values only from the layers below them (LAYERS above).`,
  from: { path: folders(layer) },
  to: {
    path: folders([...LAYERS.slice(index + 1).flat(), ...layer]),
    pathNot: '^utils/$1/',
    dependencyTypesNot: ['type-only'],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'utils-folder-in-a-layer',
      severity: 'error',
      comment: 'A new utils/ folder takes its place in LAYERS, so the layer rules see it.',
      from: { path: '^utils/', pathNot: folders(LAYERS.flat()) },
      to: {},
    },
    {
      name: 'one-report-writer',
      severity: 'error',
      comment: 'Only the report store opens the database: report-store.ts (its reads) and report-writes.ts (its writes, each announced).',
      from: { pathNot: '^utils/(report/report-(store|writes)|storage/reports-db)\\.ts$' },
      to: { path: '^utils/storage/reports-db(-open)?\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'one-report-door',
      severity: 'error',
      comment: 'Only the outbox (utils/report/outbox*.ts) imports the report store’s writes: it checks each move; everyone else calls an outbox function.',
      from: { pathNot: '^utils/report/outbox[^/]*\\.ts$' },
      to: { path: '^utils/report/report-writes\\.ts$' },
    },
    {
      name: 'pages-write-drafts-in-one-place',
      severity: 'error',
      comment: 'On the page side, only utils/drafts/page-drafts.ts (a draft with its files) and a backup’s import write to the outbox; every other write is asked of the background (reports.*).',
      from: { path: PAGE_SIDE, pathNot: '^utils/(drafts/page-drafts|backup/backup-import)\\.ts$' },
      to: { path: '^utils/report/outbox(-pages|-upkeep)?\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'pages-not-background-code',
      severity: 'error',
      comment:
        'A page never imports code that runs only in the service worker; it may name its types (utils/messaging/service-types.ts does). tests/support/check-deps.ts checks what a page reaches that way too.',
      from: { path: PAGE_SIDE },
      to: { path: BACKGROUND_ONLY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'background-not-page-code',
      severity: 'error',
      comment: 'The service worker never reaches the views nor the page-side report code (utils/drafts), whatever the way round.',
      from: { path: '^entrypoints/background/' },
      to: { path: `^(components/|${PAGE_ONLY_UTILS})`, reachable: true },
    },
    {
      name: 'components-not-storage',
      severity: 'error',
      comment: 'Views read and write through the features in utils/ (report store, connection, refresh view), never storage itself; they may name the stored shapes (type-only imports).',
      from: { path: '^(components|entrypoints/(popup|options|review|incident))/' },
      to: { path: '^utils/storage/', dependencyTypesNot: ['type-only'] },
    },
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
      name: 'email-reads-only',
      severity: 'error',
      comment: 'utils/email reads an email file into text and indicators (issue 23): no extension API, storage, messaging or UI; it runs in a worker.',
      from: { path: '^utils/email/' },
      to: { path: '^(utils/(?!email/|indicators/)|components/|entrypoints/|node_modules/(wxt|webextension-polyfill|@wxt-dev))' },
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
