import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { readFirstPageAhead } from '@/components/my-reports/early-report-reads';
import { showKeptReports } from '@/components/my-reports/kept-reports';
import { pageModuleLoader } from '@/components/ui/page-module';
import { declarePageLanguage } from '@/utils/i18n/locale';
import { applyPaintedTheme } from '@/utils/settings/theme-paint';

// A classic script options.html runs while it is parsed, before the page's
// module is fetched: My reports' first page starts reading from IndexedDB
// then, and the app takes that read (components/my-reports/early-report-reads.ts);
// once it answers, the page's kept first render shows, when made of the same
// (components/my-reports/kept-reports.ts), in the theme the pages last saw
// and the page's language. Then this script adds the page's module, which
// the build moved onto its tag (components/ui/page-module.ts).
export default defineUnlistedScript(() => {
  // First, while this script is the current one.
  const loadApp = pageModuleLoader();
  // Before anything that could throw: the page's module is added whatever happens (a read that fails shows no kept render; the app says why).
  showKeptReports(readFirstPageAhead(), loadApp).catch(() => undefined);
  applyPaintedTheme();
  declarePageLanguage();
});
