import { i18n } from '#i18n';
import { describeProblem } from '../problems/sentences';
import type { EmailEvidence, EvidenceContext, WholePageShot } from '../storage/evidence-context';
import { sha256Hex } from './hash';
import { oneLine } from './one-line';
import { EVIDENCE_RECORD_NAME } from './record-name';
import { chainLines } from './chain-lines';

// The evidence record: a plain-text file sent with every report, saying where,
// when and how the page was seen (phishing kits cloak by location and
// browser), and the SHA-256 of every other file, so nothing can change unseen.

export { EVIDENCE_RECORD_NAME };

/** A labelled line; the value (often from the page or the email) kept on it. */
function line(label: string, value: string | undefined): string[] {
  return value ? [`${label}: ${oneLine(value)}`] : [];
}

/** The formats made, by language and zone: making one costs a millisecond or more, using it nothing. */
const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The format of a capture time in the browser's own zone, with its offset; made once (a capture makes it while the tab is captured). */
export function localTimeFormat(timeZone: string, language: string): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let format = localTimeFormats.get(key);
  if (!format) localTimeFormats.set(key, (format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'long', timeZone })));
  return format;
}

/** The capture time in the browser's own zone, with its offset: "22 Nov 2026, 11:00:00 GMT+1". */
function localTime(at: Date, timeZone: string, language: string): string {
  return localTimeFormat(timeZone, language).format(at);
}

function emailLines(email: EmailEvidence | undefined): string[] {
  if (!email) return [];
  return [
    ...line(i18n.t('evidence.email_file'), email.fileName),
    ...line(i18n.t('evidence.email_subject'), email.subject),
    ...line(i18n.t('evidence.email_from'), email.from),
    ...line(i18n.t('evidence.email_date'), email.date),
    ...line(i18n.t('evidence.email_message_id'), email.messageId),
    // The recipient learns why the email itself is not attached.
    ...(email.attached === 'headers_and_text' ? [i18n.t('evidence.email_not_attached')] : []),
  ];
}

/** What the whole-page screenshot shows: how much of the page from the top (less than all past its cap or time limit), and at what size (issue 41). */
function wholePageLines(shot: WholePageShot | undefined): string[] {
  return shot ? [i18n.t('evidence.whole_page', [shot.height, shot.pageHeight, Math.round(shot.scale * 100)])] : [];
}

/** Builds the evidence record for a report and the files sent with it. */
export async function buildEvidenceRecord(context: EvidenceContext, files: readonly { name: string; blob: Blob }[]): Promise<File> {
  const hashes = await Promise.all(files.map(async (file) => `  ${await sha256Hex(file.blob)}  ${oneLine(file.name)}`));
  const { browser } = context;
  const lines = [
    i18n.t('evidence.title'),
    '',
    ...line(i18n.t('evidence.requested_url'), context.requestedUrl),
    ...line(i18n.t('evidence.current_url'), context.currentUrl),
    ...line(i18n.t('evidence.page_title'), context.title),
    ...emailLines(context.email),
    // The recipient learns why no page is named.
    ...(context.pageWithheld ? [i18n.t('evidence.page_withheld')] : []),
    ...line(i18n.t(context.email ? 'evidence.read_utc' : 'evidence.captured_utc'), context.capturedAt.toISOString()),
    ...line(i18n.t(context.email ? 'evidence.read_local' : 'evidence.captured_local'), `${localTime(context.capturedAt, context.timeZone, browser.language)} (${context.timeZone})`),
    ...line(i18n.t('evidence.browser'), `${browser.name} ${browser.version}, ${browser.language}`),
    ...line(i18n.t('evidence.extension'), context.extensionVersion),
    ...line(i18n.t('evidence.reporter'), context.reporter),
    ...wholePageLines(context.wholePage),
    '',
    ...chainLines(context.navigation),
    // The recipient learns why a screenshot or the page's content is missing.
    ...(context.notCaptured?.length ? [i18n.t('evidence.not_captured'), ...context.notCaptured.map((problem) => `  ${describeProblem(problem)}`), ''] : []),
    hashes.length > 0 ? i18n.t('evidence.hashes') : i18n.t('evidence.no_files'),
    ...hashes,
    '',
  ];
  return new File([lines.join('\n')], EVIDENCE_RECORD_NAME, { type: 'text/plain' });
}
