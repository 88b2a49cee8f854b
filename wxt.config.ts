import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { minify } from '@swc/core';
import { minify as minifyOxc } from 'rolldown/experimental';
import { moduleOnFirstScript } from './components/ui/page-module';

/**
 * Origins the extension may call at run time. Nothing is granted at install:
 * the options page asks for the one origin the user configures
 * (`permissions.request`), so a team's API host is the only site we touch.
 * Loopback is plain http for the local sandbox only.
 */
const API_ORIGINS = ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'];

/**
 * Origins granted up front in the test-only `sandbox` build (e2e tests and `npm start`) and `bench` build
 * (`npm run bench`, production code otherwise): headless Chromium
 * never answers a permission prompt, and tests cannot click the toolbar button or a menu to grant
 * `activeTab`, which `captureVisibleTab` needs (a grant for one origin is not enough). Shipped builds
 * (`production`) carry none.
 */
const SANDBOX_GRANTED = ['<all_urls>'];

/**
 * Permissions asked for only when the user turns a feature on: `webNavigation`
 * for "Record how I reached each page" (issue 41: the tabs' redirects). The
 * sandbox build holds it from install, for the reason above (no prompt is
 * answered); its setting still starts off.
 */
const OPTIONAL_PERMISSIONS = ['webNavigation'];

/**
 * The test builds (modes `sandbox` and `bench`) are production builds with
 * test hooks. WXT sets NODE_ENV to the mode, so Vite and the Preact preset
 * built them for development (Preact's debug layer, the development JSX, with
 * the files' paths): the end-to-end tests and `npm run bench` ran code that
 * does not ship (issue 24: measured in the popup).
 */
if (process.env.NODE_ENV === 'sandbox' || process.env.NODE_ENV === 'bench') process.env.NODE_ENV = 'production';

/**
 * Preact's modules and the preload helper as one chunk: they were three files
 * (Preact, its hooks, the helper), and each file an extension page loads
 * before its first render cost it about 5 ms on the 2-core machine (issue 24:
 * My reports, measured).
 */
const PREACT = { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]|vite[\\/]preload-helper/ };

/**
 * Each page loads one file of its own, Rolldown's runtime and `preact-*.js`
 * (Preact, its hooks and Vite's helper that preloads a lazy chunk's imports),
 * not the 35 to 50 shared chunks automatic splitting made: the other common
 * chunks are copied into the pages that use them (Rolldown's
 * `experimentalInlineCommonChunks`; its shared runtime keeps one state per
 * module, as before). Fetching and evaluating 35 modules took the popup about
 * 50 ms more on the 2-core machine (docs/performance.md). Preact stays one
 * shared chunk (PREACT): copied, it was in every page and lazy chunk, and
 * Firefox's linter flagged its `innerHTML` in each (one explained warning,
 * docs/store/README.md › Store readiness). Lazy chunks stay lazy. The background is one classic
 * script already and is left alone.
 */
function onePageOneFile(): Plugin {
  const htmlInputs = (input: unknown) => Object.values(typeof input === 'string' ? [input] : (input ?? {})).some((file) => String(file).endsWith('.html'));
  const inline = { maxSize: Infinity };
  return {
    name: 'one-page-one-file',
    // Pages only: an injected script's value is its entry's export, which
    // `preserveEntrySignatures: false` would drop (entrypoints/page-snapshot.ts).
    options: (input) => (htmlInputs(input.input) ? { ...input, preserveEntrySignatures: false } : null),
    outputOptions: (output) =>
      output.format === undefined || output.format === 'es' || output.format === 'esm' ? { ...output, codeSplitting: { experimentalInlineCommonChunks: inline, groups: [PREACT] } } : null,
  };
}

/**
 * The service worker minified a second time, with swc's compressor (two
 * passes, names mangled at the top level): it cannot load anything lazily,
 * so every byte of it is parsed at each start. Measured 2026-11-28: 41,609 →
 * 40,382 B gzipped against Rolldown's minifier alone (one run of two passes);
 * two runs of three passes took the next build from 41,038 to 40,783 B. Every
 * build, the test builds included, so the end-to-end tests run this output.
 * The pages are ES modules that Rolldown's minifier leaves small enough.
 */
function minifyWorkerAgain(): Plugin {
  return {
    name: 'minify-worker-again',
    async generateBundle(_options, bundle) {
      const worker = bundle['background.js'];
      if (worker?.type !== 'chunk') return;
      // Twice: the second run finds what the first one's output newly allows (about 300 B more).
      // Arrows for function expressions that use no `this` (none is a constructor: the code's own are classes): about 100 B.
      // No `console.debug`: its only calls are @wxt-dev/storage's, behind its `debug` option, which no item sets (issue 43: 67 B).
      const compress = { passes: 3, toplevel: true, ecma: 2022 as const, keep_fargs: false, unsafe_arrows: true, pure_funcs: ['console.debug'] };
      for (let run = 0; run < 2; run++) worker.code = (await minify(worker.code, { module: false, ecma: 2022, compress, mangle: { toplevel: true } })).code;
      // Then Oxc's minifier (Rolldown's own) finds about 130 B more than swc's, from swc's output (issue 43: the worker ≤ 36 KB).
      worker.code = (await minifyOxc('background.js', worker.code, { compress: { target: 'es2022' }, mangle: { toplevel: true } })).code;
    },
  };
}

/**
 * The service worker's code reads the API and the pages' calls with zod's
 * API, and the worker build resolves `zod/mini` to the subset of it that code
 * calls, written small (utils/api/zod-subset.ts): zod's core was 10 KB of the
 * worker's 41.6 KB gzipped, parsed at every start. So too `@wxt-dev/storage`
 * (utils/storage/storage-subset.ts: the library was 2.4 KB of the worker's
 * 36 KB, issue 43). The pages keep both libraries, and the tests run the
 * worker's on both (vitest.config.ts). The background build is told by its one input.
 */
function workerSubsets(): Plugin {
  const subsets: Record<string, string> = {
    'zod/mini': fileURLToPath(new URL('utils/api/zod-subset.ts', import.meta.url)),
    '@wxt-dev/storage': fileURLToPath(new URL('utils/storage/storage-subset.ts', import.meta.url)),
  };
  let worker = false;
  return {
    name: 'worker-subsets',
    enforce: 'pre',
    options: (input) => {
      worker = /[\\/]entrypoints[\\/]background[\\/]|background-entrypoint/.test(JSON.stringify(input.input ?? ''));
      return null;
    },
    resolveId: (source) => (worker ? (subsets[source] ?? null) : null),
  };
}

/**
 * options.html loads its module after its first script's kept render, not
 * beside it: the build moves the module's tag and preloads onto the first
 * script's tag, which adds them (components/ui/page-module.ts; issue 43: My
 * reports' first rows, paired 128 → 102 ms and 138 → 108 ms). Built pages
 * only: `wxt dev` keeps the tags.
 */
function optionsModuleAfterFirstScript(): Plugin {
  return {
    name: 'options-module-after-first-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (/[\\/]options[\\/]index\.html$/.test(context.filename) ? moduleOnFirstScript(html, '/options-first-read.js') : html),
    },
  };
}

export default defineConfig({
  // No webextension-polyfill: docs/development.md › Choices says why (measured).
  modules: ['@wxt-dev/i18n/module'],
  // All UI text: utils/i18n/locales/<lang>.yml, built into _locales.
  i18n: { localesDir: 'utils/i18n/locales' },
  // Explicit imports everywhere: a reader sees where every name comes from.
  imports: false,
  vite: ({ command }) => ({
    // PROFILE_READABLE=1 (npm run bench:profile): names and lines kept, for a CPU profile a person can read.
    plugins: [preact(), onePageOneFile(), optionsModuleAfterFirstScript(), workerSubsets(), ...(process.env.PROFILE_READABLE === '1' ? [] : [minifyWorkerAgain()])],
    // Every page preloads its module's imports, the popup too (issue 43): without it, the popup's module
    // asked for Preact only once compiled, and rendered one round trip later (docs/performance.md › The popup's open).
    ...(process.env.PROFILE_READABLE === '1' ? { build: { minify: false } } : {}),
    // The email reader's worker (utils/email/read-email-file.ts) is a module, as the page's own scripts.
    worker: { format: 'es' },
    // The test builds run the code that ships (see NODE_ENV above).
    ...(command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
    // msgreader's iconv-lite needs Node's Buffer; the browser's TextDecoder does its one job (the shim says why).
    resolve: { alias: { 'iconv-lite': fileURLToPath(new URL('utils/email/iconv-lite-shim.ts', import.meta.url)) } },
  }),
  hooks: {
    // The icons' sources (the SVGs and the hashes `npm run icons` records)
    // stay in the repository and the sources archive; the extension ships the
    // PNGs only.
    'build:publicAssets': (_wxt, files) => {
      files.splice(0, files.length, ...files.filter((file) => !/^icon\/(?:[^/]+\.svg|sources\.json)$/.test(file.relativeDest)));
    },
  },
  // The sources archive Firefox reviewers rebuild from (`npm ci && npm run
  // build:firefox`, docs/store/README.md): the build's inputs only — no
  // tests, reports, screenshots or other hidden files — and two documents:
  // docs/releasing.md, the build instructions addons.mozilla.org requires
  // (exact Node and npm versions, commands), and docs/privacy.md, which the
  // options page's About section shows.
  zip: {
    includeSources: [
      'entrypoints/**',
      'components/**',
      'utils/**',
      'public/**',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'README.md',
      'LICENSE',
      '.nvmrc',
      '.npmrc',
      'docs/releasing.md',
      'docs/privacy.md',
    ],
  },
  manifest: ({ manifestVersion, mode }) => {
    const granted = mode === 'sandbox' || mode === 'bench' ? SANDBOX_GRANTED : [];
    const preGranted = mode === 'sandbox' ? OPTIONAL_PERMISSIONS : [];
    // activeTab: the menu, shortcut or toolbar click grants the page to capture;
    // scripting reads that page's source and forms; alarms resend reports that
    // waited for the network and prune old evidence.
    const permissions = ['storage', 'contextMenus', 'activeTab', 'scripting', 'notifications', 'alarms'];
    const shared = {
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      action: { default_title: '__MSG_extName__' },
      commands: {
        'report-page': {
          suggested_key: { default: 'Alt+Shift+R' },
          description: '__MSG_commandReportPage__',
        },
      },
    };
    if (manifestVersion === 2) {
      // MV2 (Firefox) has no host-permission keys: origins sit with the API permissions.
      return {
        ...shared,
        permissions: [...permissions, ...preGranted, ...granted],
        optional_permissions: [...OPTIONAL_PERMISSIONS, ...API_ORIGINS],
        browser_specific_settings: {
          gecko: {
            id: 'takedown-reporter@d3c1a8e2-5b7f-4f0e-9c61-2f4a9e7b6d10',
            strict_min_version: '140.0',
            // What a report sends to the team's own service (docs/privacy.md;
            // each one's reason: docs/store/README.md): the reported page's
            // address and content (screenshot, page details), the reporter's
            // email when the settings give one (reportedBy), a reported email,
            // and the API key that service checks.
            data_collection_permissions: {
              required: ['browsingActivity', 'websiteContent', 'personallyIdentifyingInfo', 'personalCommunications', 'authenticationInfo'],
            },
          },
          gecko_android: { strict_min_version: '142.0' },
        },
      };
    }
    return {
      ...shared,
      permissions: [...permissions, ...preGranted],
      optional_permissions: OPTIONAL_PERMISSIONS,
      host_permissions: granted,
      optional_host_permissions: API_ORIGINS,
      // Closed: no web page and no other extension may message this one.
      externally_connectable: { ids: [] },
      // What an organisation may pre-set and lock by policy (docs/admin-guide.md).
      // Firefox reads the same values from policies.json, with no schema in the manifest.
      storage: { managed_schema: 'managed-schema.json' },
    };
  },
});
