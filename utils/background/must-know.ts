// What a user must know after an update, and the version that brought it:
// the one list an update reads (first-run.ts). An update says nothing unless
// this list has an entry newer than the version it replaced
// (docs/releasing.md › Must-know changes).

/** A change the user must act on or would otherwise miss: the version that brought it, and its sentence. */
export interface MustKnow {
  /** The manifest version that brought the change: "1.2.0". */
  version: string;
  /** Its sentence, read when shown (i18n: `() => i18n.t('release.…')`). */
  message: () => string;
}

/** Oldest first. Empty: no release so far changed anything a user must know. */
export const MUST_KNOW: readonly MustKnow[] = [];

/** A dotted version (up to four numbers, as in a manifest) as text that sorts as the version does: "1.2" → "00001.00002.00000.00000". */
export function versionKey(version: string): string {
  return `${version}.0.0.0`
    .split('.', 4)
    .map((part) => part.padStart(5, '0'))
    .join('.');
}

/** What an update from `previous` to `current` brought that the user must know: the entries after `previous`, up to `current`. */
export function mustKnowSince(list: readonly MustKnow[], previous: string, current: string): MustKnow[] {
  const [after, upTo] = [versionKey(previous), versionKey(current)];
  return list.filter(({ version }) => versionKey(version) > after && versionKey(version) <= upTo);
}
