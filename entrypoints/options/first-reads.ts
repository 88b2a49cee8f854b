import { startReportReadsEarly } from '@/components/my-reports/early-report-reads';
import { beforeFirstRender } from '@/components/ui/early-read';

// Imported first by main.tsx: My reports' reads start as this module is
// evaluated, before the page's other modules (which set up the extension API).

/** Settles when the first page is read, or after the first render's wait. */
export const firstReads = beforeFirstRender(startReportReadsEarly());
