import { SHADOW_DEPTH_MAX, SHADOW_ROOTS_MAX, SHADOW_WALK_MAX_MS, type SnapshotCaps } from './collect-page-snapshot';

// The caps the page snapshot runs with. Apart from capture.ts so the script
// injected into the tab (entrypoints/page-snapshot.ts) holds the snapshot
// function and these numbers only.

/** The HTML source is cut here (characters), with a note saying so. */
export const PAGE_SOURCE_MAX_CHARS = 1_500_000;
/** Outbound links listed in the page details. */
const MAX_OUTBOUND_LINKS = 500;
/** Caps of what the page sends back (see SnapshotCaps); the files are then cut to bytes (page-files.ts). */
export const SNAPSHOT_CAPS: SnapshotCaps = {
  htmlChars: PAGE_SOURCE_MAX_CHARS,
  links: MAX_OUTBOUND_LINKS,
  forms: 50,
  fieldsPerForm: 50,
  origins: 100,
  textChars: 1_000,
  shadowRoots: SHADOW_ROOTS_MAX,
  shadowDepth: SHADOW_DEPTH_MAX,
  shadowMillis: SHADOW_WALK_MAX_MS,
};
