import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { collectPageSnapshot } from '@/utils/evidence/collect-page-snapshot';
import { takenPage } from '@/utils/evidence/page-details';
import { SNAPSHOT_CAPS } from '@/utils/evidence/snapshot-caps';

// Injected into the reported tab by the background (utils/evidence/capture.ts,
// `executeScript({ files })`): its value is the page snapshot, its details
// written here. A file of its own, not a `func` the worker carries: the
// background bundle stays under its 40 KB budget (issues 24 and 41), and the
// page gets the same code either way.
export default defineUnlistedScript(() => takenPage(collectPageSnapshot(SNAPSHOT_CAPS)));
