import { i18n } from '#i18n';
import { oneLine } from './one-line';
import type { FoundCount, PageForm, PageFrame, PageSnapshot, PlacedText, ShadowPlace, TakenPage } from './page-snapshot-types';
import { SHADOW_DEPTH_MAX, SHADOW_ROOTS_MAX, SHADOW_WALK_MAX_MS } from './collect-page-snapshot';
import { SNAPSHOT_CAPS } from './snapshot-caps';

// The page details file's text, written in the tab by the injected script
// (entrypoints/page-snapshot.ts): the worker only cuts it to its byte size
// (page-files.ts), so none of this code weighs on the worker's bundle (issue 41).

/** Where in the page a thing was found, said after it: '' for the top document itself. */
function placeNote(place: ShadowPlace | undefined, frame?: string): string {
  const shadow = place ? ` ${i18n.t(place.mode === 'closed' ? 'page_evidence.in_closed_shadow' : 'page_evidence.in_open_shadow', [oneLine(place.host)])}` : '';
  return `${shadow}${frame ? ` ${i18n.t('page_evidence.in_frame', [oneLine(frame)])}` : ''}`;
}

function originOf(url: string): string | undefined {
  const parsed = URL.parse(url);
  return parsed && /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
}

/** "50 of 213", or "500 of 10000+" where counting stopped too. */
const ofFound = (listed: number, count: FoundCount): [number, string] => [listed, `${count.found}${count.atLeast ? '+' : ''}`];

/** A form's lines: where it sends, whether that is another site (credentials leaving), what it asks for, and its fields. */
function formLines(form: PageForm, index: number, pageOrigin: string | undefined): string[] {
  const actionOrigin = originOf(form.action);
  const fields = form.inputs.map(({ name, type }) => `    - ${oneLine(name)} (${oneLine(type)})${type === 'password' ? ` — ${i18n.t('page_evidence.password_field')}` : ''}`);
  const asks = (form.credentials ?? []).map((kind) => i18n.t(`page_evidence.credential.${kind}`)).join(', ');
  return [
    `  ${i18n.t('page_evidence.form_sends_to', [index + 1, oneLine(form.action), oneLine(form.method.toUpperCase())])}${placeNote(form.place, form.frame)}`,
    ...(actionOrigin && actionOrigin !== pageOrigin ? [`  ${i18n.t('page_evidence.form_other_origin')}`] : []),
    ...(asks ? [`    ${i18n.t('page_evidence.form_asks', [asks])}`] : []),
    ...(fields.length > 0 ? fields : [i18n.t('page_evidence.form_no_fields')]),
    ...(form.fieldCount ? [`    ${i18n.t('page_evidence.fields_capped', [form.inputs.length, form.fieldCount])}`] : []),
  ];
}

/** A section: its heading, the sentence of a cap it reached, and its lines (or "none"). */
function section(heading: string, lines: string[], capped?: string): string[] {
  return [heading, ...(capped ? [capped] : []), ...(lines.length > 0 ? lines : [i18n.t('page_evidence.none')]), ''];
}

/** How many shadow roots were read, and whether the walk stopped at its caps before the end. */
function shadowLines({ shadow }: PageSnapshot): string[] {
  if (!shadow) return [];
  return [i18n.t('page_evidence.shadow_roots', [shadow.roots]), ...(shadow.capped ? [i18n.t('page_evidence.shadow_capped', [SHADOW_ROOTS_MAX, SHADOW_DEPTH_MAX, SHADOW_WALK_MAX_MS / 1000])] : [])];
}

/** A frame's line: where it comes from, what it is, and whether it was read. */
function frameLine(frame: PageFrame): string {
  const kind = i18n.t(`page_evidence.frame_kind.${frame.kind}`);
  return `  ${i18n.t(frame.read ? 'page_evidence.frame_read' : 'page_evidence.frame_not_read', [frame.source ? oneLine(frame.source) : i18n.t('page_evidence.frame_no_address'), kind])}`;
}

/** The sentence of a list its cap cut (`key` takes the listed and found counts), or undefined. */
function cappedLine(key: `page_evidence.${'forms' | 'links' | 'scripts' | 'iframes' | 'frames'}_capped`, listed: number, count: FoundCount | undefined): string | undefined {
  return count ? `  ${i18n.t(key, ofFound(listed, count))}` : undefined;
}

/** The page details' lines: the page, its forms (credential forms first), links, origins and frames, with every cap reached said where it cut. */
export function pageDetailsLines(snapshot: PageSnapshot): string[] {
  const pageOrigin = originOf(snapshot.url);
  const limits = snapshot.limits ?? {};
  // The document's own, then those found only in shadow roots, each said where.
  const listed = (items: string[], placed: PlacedText[] = []): string[] => [...items.map((item) => `  ${oneLine(item)}`), ...placed.map(({ text, place }) => `  ${oneLine(text)}${placeNote(place)}`)];
  const count = (items: string[], placed: PlacedText[] = []) => items.length + placed.length;
  const { links, scriptOrigins, iframeOrigins, shadow, frames = [] } = snapshot;
  return [
    i18n.t('page_evidence.details_header', [oneLine(snapshot.url)]),
    ...(snapshot.title ? [i18n.t('page_evidence.title', [oneLine(snapshot.title)])] : []),
    ...shadowLines(snapshot),
    ...(limits.textsCut ? [i18n.t('page_evidence.texts_cut', [limits.textsCut, SNAPSHOT_CAPS.textChars])] : []),
    '',
    ...section(
      i18n.t('page_evidence.forms'),
      snapshot.forms.flatMap((form, index) => formLines(form, index, pageOrigin)),
      cappedLine('page_evidence.forms_capped', snapshot.forms.length, limits.forms),
    ),
    ...section(i18n.t('page_evidence.links'), listed(links, shadow?.links), cappedLine('page_evidence.links_capped', count(links, shadow?.links), limits.links)),
    ...section(
      i18n.t('page_evidence.scripts'),
      listed(scriptOrigins, shadow?.scriptOrigins),
      cappedLine('page_evidence.scripts_capped', count(scriptOrigins, shadow?.scriptOrigins), limits.scriptOrigins),
    ),
    ...section(
      i18n.t('page_evidence.iframes'),
      listed(iframeOrigins, shadow?.iframeOrigins),
      cappedLine('page_evidence.iframes_capped', count(iframeOrigins, shadow?.iframeOrigins), limits.iframeOrigins),
    ),
    // Only a page with frames has this section: most have none.
    ...(frames.length > 0 ? section(i18n.t('page_evidence.frames'), frames.map(frameLine), cappedLine('page_evidence.frames_capped', frames.length, limits.frames)) : []),
  ];
}

/** What the injected script hands back: the page's address, title and source, and its details written here. */
export function takenPage(snapshot: PageSnapshot): TakenPage {
  const { url, title, html, htmlChars, truncated } = snapshot;
  return { url, title, html, htmlChars, truncated, details: pageDetailsLines(snapshot).join('\n') };
}
