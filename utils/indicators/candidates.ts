// What a text holds that looks like an indicator but is not one to report as
// it stands: a name under a top-level domain nobody registers (`intranet.corp`),
// a phone number that cannot be read. The finder lists these as "not
// recognised" rather than dropping them without a word (issue 44, point 4);
// these rules keep file names, numbers and dates out of that list.

/** File extensions: `notes.txt`, `invoice.pdf` and `app.js` are files, not internal names. */
const FILE_EXTENSIONS = new Set(
  (
    '7z apk asp aspx avi bak bat bmp cfg cmd conf css csv dll dmg doc docm docx eml exe gif gz hta htm html ico img ini iso jar java jpeg jpg js json jsp ' +
    'lnk log md mjs mp3 mp4 msg msi odt pdf php png ppt pptx ps1 py rar rb rtf sh svg tar tgz tmp ts tsx txt vbs wav webp xls xlsm xlsx xml yaml yml'
  ).split(' '),
);

/**
 * True when a bare name the finder does not report still reads as a host a
 * user may mean (`intranet.corp`, `acme.local/login`): its last label is
 * letters, and not a file's extension. Numbers (`1.50`), versions (`v2.3b`)
 * and files stay out of the "not recognised" list.
 */
export function looksLikeHostName(name: string): boolean {
  const host = name.split(/[/?#]/, 1)[0]!;
  const last = host.slice(host.lastIndexOf('.') + 1);
  return /^\p{L}{2,63}$/u.test(last) && !FILE_EXTENSIONS.has(last.toLowerCase());
}

/**
 * A name written with at least one defanged dot (`acrne[.]example`,
 * `evil(dot)example`): the writer meant it as an indicator. Starts only where
 * a name starts, and what follows a defanged dot cannot be one, so each
 * character is tried a bounded number of times (linear, issue 38).
 */
const DEFANGED_NAME = /(?<![\p{L}\p{N}\-.\])}])[\p{L}\p{N}-]{1,63}(?:(?:[[({]\s*(?:\.|dot)\s*[\])}]|\.)[\p{L}\p{N}-]{1,63}){1,126}/giu;

/** A defanged dot, as refang.ts undoes it. */
const DEFANGED_DOT = /[[({]\s*(?:\.|dot)\s*[\])}]/i;

/** The names (lower-case, refanged) written with a defanged dot somewhere in `input`: a bare name among them is reported even under an unknown top-level domain. */
export function defangedNames(input: string): Set<string> {
  const names = new Set<string>();
  // Most texts hold no defanged dot: one quick scan instead of trying every name.
  if (!DEFANGED_DOT.test(input)) return names;
  for (const [name] of input.matchAll(DEFANGED_NAME)) {
    if (DEFANGED_DOT.test(name)) names.add(name.replace(new RegExp(DEFANGED_DOT.source, 'gi'), '.').toLowerCase());
  }
  return names;
}

/** The digits a phone number holds: E.164 allows 15, the shortest national numbers have 7. */
const PHONE_DIGITS = /^(?:\D*\d){7,15}\D*$/;

/** A local number as people write them: a trunk 0 or an area code in brackets first, then groups (`020 7946 0100`, `(415) 555-0199`). */
const LOCAL_PHONE = /^(?:\(?0\d{1,4}\)?|\(\d{3}\))(?:[\s.\-/]?\d{2,5}){2,4}$/;

/**
 * True when a run of phone characters the phone reader found no number in
 * still looks like one a user means: written with + and 7 to 15 digits, or
 * shaped like a local number with at least 9. Dates, amounts and order numbers
 * stay out.
 */
export function looksLikePhone(run: string): boolean {
  if (!PHONE_DIGITS.test(run)) return false;
  return /^[+\uFF0B]/.test(run) || (LOCAL_PHONE.test(run) && (run.match(/\d/g)?.length ?? 0) >= 9);
}
