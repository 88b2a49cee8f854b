import { i18n } from '#i18n';
import type { PageForm, PageSnapshot } from './page-snapshot';

// The page snapshot as files a registrar or host can read: plain .txt, the
// only text type the service accepts, so the HTML goes as text, not .html.

/** File name of the page's HTML source. */
export const PAGE_SOURCE_NAME = 'page-source.txt';
/** File name of the page's forms, links and loaded origins. */
export const PAGE_DETAILS_NAME = 'page-details.txt';

function textFile(lines: string[], name: string): File {
  return new File([lines.join('\n')], name, { type: 'text/plain' });
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function sourceLines(snapshot: PageSnapshot): string[] {
  return [
    i18n.t('page_evidence.source_header', [snapshot.url]),
    ...(snapshot.truncated ? [i18n.t('page_evidence.source_truncated', [snapshot.html.length, snapshot.htmlChars])] : []),
    '',
    snapshot.html,
  ];
}

/** A form's lines: where it sends, whether that is another site (credentials leaving), and its fields. */
function formLines(form: PageForm, index: number, pageOrigin: string | undefined): string[] {
  const actionOrigin = originOf(form.action);
  const fields = form.inputs.map(({ name, type }) =>
    type === 'password' ? `    - ${name} (${type}) — ${i18n.t('page_evidence.password_field')}` : `    - ${name} (${type})`,
  );
  return [
    `  ${i18n.t('page_evidence.form_sends_to', [index + 1, form.action, form.method.toUpperCase()])}`,
    ...(actionOrigin && actionOrigin !== pageOrigin ? [`  ${i18n.t('page_evidence.form_other_origin')}`] : []),
    ...(fields.length > 0 ? fields : [i18n.t('page_evidence.form_no_fields')]),
  ];
}

function section(heading: string, lines: string[]): string[] {
  return [heading, ...(lines.length > 0 ? lines : [i18n.t('page_evidence.none')]), ''];
}

function detailLines(snapshot: PageSnapshot): string[] {
  const pageOrigin = originOf(snapshot.url);
  const listed = (items: string[]): string[] => items.map((item) => `  ${item}`);
  return [
    i18n.t('page_evidence.details_header', [snapshot.url]),
    ...(snapshot.title ? [i18n.t('page_evidence.title', [snapshot.title])] : []),
    '',
    ...section(i18n.t('page_evidence.forms'), snapshot.forms.flatMap((form, index) => formLines(form, index, pageOrigin))),
    ...section(i18n.t('page_evidence.links'), listed(snapshot.links)),
    ...section(i18n.t('page_evidence.scripts'), listed(snapshot.scriptOrigins)),
    ...section(i18n.t('page_evidence.iframes'), listed(snapshot.iframeOrigins)),
  ];
}

/** The page files a report asked for: its HTML source and/or its details (forms, links, origins). */
export function pageEvidenceFiles(snapshot: PageSnapshot, include: { source: boolean; details: boolean }): File[] {
  return [
    ...(include.source ? [textFile(sourceLines(snapshot), PAGE_SOURCE_NAME)] : []),
    ...(include.details ? [textFile(detailLines(snapshot), PAGE_DETAILS_NAME)] : []),
  ];
}
