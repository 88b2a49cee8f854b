import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { readFirstPageAhead } from '@/components/my-reports/early-report-reads';

// A classic script options.html runs while it is parsed, before the page's
// module is fetched: My reports' first page starts reading from IndexedDB
// then, and the app takes that read (components/my-reports/early-report-reads.ts).
export default defineUnlistedScript(() => {
  readFirstPageAhead();
});
