import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startWholePage } from '@/utils/evidence/whole-page-tab';

// Injected into the reported tab by the background for a whole-page
// screenshot (utils/evidence/whole-page.ts, `executeScript({ files })`): its
// value is the page's plan, and it leaves the steps the worker then calls by
// name. A file of its own, so the worker carries none of this code (issue 41).
export default defineUnlistedScript(() => startWholePage());
