import type { CredentialKind, PageForm, SnapshotCaps } from './page-snapshot-types';
import { everywhere, type PlacedElement, type SnapshotTree } from './shadow-walk';

// Runs in the tab, bundled into the injected script (entrypoints/page-snapshot.ts).

/** Where a form submits, absolute: HTML spec, an empty or missing action submits to the document's URL. */
export function formAction(actionAttribute: string, pageUrl: string, baseUri: string): string {
  try {
    return actionAttribute.trim() === '' ? pageUrl : new URL(actionAttribute.trim(), baseUri).href;
  } catch {
    return actionAttribute;
  }
}

/** A form's method as the browser reads it: post or dialog, anything else is get. */
export function formMethod(methodAttribute: string | null): string {
  const method = (methodAttribute ?? '').trim().toLowerCase();
  return method === 'post' || method === 'dialog' ? method : 'get';
}

/** The fields each credential kind is told by: its type, its autocomplete token, or a telling name or id. */
const CREDENTIAL_FIELDS: readonly [CredentialKind, string][] = [
  ['password', 'input[type="password" i],[autocomplete~="current-password" i],[autocomplete~="new-password" i],input[name*="pass" i],input[id*="pass" i],input[name*="pwd" i],input[id*="pwd" i]'],
  ['card', '[autocomplete~="cc-number" i],[autocomplete~="cc-csc" i],input[name*="card" i],input[id*="card" i],input[name*="cvv" i],input[id*="cvv" i],input[name*="cvc" i],input[id*="cvc" i]'],
  ['one_time_code', '[autocomplete~="one-time-code" i],input[name*="otp" i],input[id*="otp" i],input[name*="2fa" i],input[id*="2fa" i],input[name*="mfa" i],input[id*="mfa" i]'],
];
const ANY_CREDENTIAL = CREDENTIAL_FIELDS.map(([, selector]) => selector).join(',');
const NAMED_FIELD = 'input[name], select[name], textarea[name]';

// Through Element.prototype, not the form's own properties: a field named
// "getAttribute" or "querySelectorAll" shadows those on the form (DOM clobbering).
const attributeOf = (element: Element, name: string): string | null => Element.prototype.getAttribute.call(element, name);
const within = (form: Element, selector: string): Element[] => [...Element.prototype.querySelectorAll.call(form, selector)];

/**
 * The form's own `elements` getter, read from the prototype for the same
 * reason (a field named "elements"); looked up at the call, as the file is
 * also loaded where no DOM is (the unit tests' Node).
 */
const associatedOf = (): (() => unknown) | undefined => (typeof HTMLFormElement === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'elements')?.get);

/**
 * The fields of a form matching `selector`: the controls the browser sends
 * with it (`form.elements`), which include fields the parser tied to the
 * form but left outside it (a `<form>` opened inside an unclosed element, as
 * in real kits, e.g. zphisher's ig_verify page) and fields elsewhere naming
 * it (`form="id"`), then any descendant the browser does not count.
 */
function fieldsOf(form: Element, selector: string): Element[] {
  let associated: Element[] = [];
  try {
    const getter = associatedOf();
    associated = getter ? [...(getter.call(form) as HTMLCollectionOf<Element>)] : [];
  } catch {
    // Not a form of this page's kind (a frame's, in a browser that refuses it): its descendants alone.
  }
  const fields = new Set([...associated.filter((field) => field.matches(selector)), ...within(form, selector)]);
  return [...fields];
}

/** What a form asks for that a kit wants: a password, a card, a one-time code; [] for any other form. */
export function credentialKinds(form: Element): CredentialKind[] {
  return CREDENTIAL_FIELDS.filter(([, selector]) => fieldsOf(form, selector).length > 0).map(([kind]) => kind);
}

/** The named fields a form sends, at most `caps.fieldsPerForm`: over the cap, its credential fields are kept first, the rest in document order. */
function formFields(form: Element, caps: SnapshotCaps, cut: (text: string) => string): Pick<PageForm, 'inputs' | 'fieldCount'> {
  const all = fieldsOf(form, NAMED_FIELD).filter((field) => field.getAttribute('name'));
  let kept = all;
  if (all.length > caps.fieldsPerForm) {
    const credential = new Set(all.filter((field) => field.matches(ANY_CREDENTIAL)).slice(0, caps.fieldsPerForm));
    let room = caps.fieldsPerForm - credential.size;
    kept = all.filter((field) => credential.has(field) || room-- > 0);
  }
  const inputs = kept.map((field) => {
    const tag = field.tagName.toLowerCase();
    const type = tag === 'input' ? (field as HTMLInputElement).type : tag;
    return { name: cut(field.getAttribute('name') ?? ''), type: cut(type) };
  });
  return { inputs, ...(kept.length < all.length ? { fieldCount: all.length } : {}) };
}

/** A form as the details list it: where it sends, how, its fields, where it sits and what it asks for. */
function pageForm({ element: form, place, frame }: PlacedElement, credentials: CredentialKind[], caps: SnapshotCaps, cut: (text: string) => string): PageForm {
  const action = formAction(attributeOf(form, 'action') ?? '', frame?.url ?? location.href, frame?.base ?? document.baseURI);
  return {
    action: cut(action),
    method: formMethod(attributeOf(form, 'method')),
    ...formFields(form, caps, cut),
    ...(place ? { place } : {}),
    ...(frame ? { frame: frame.source } : {}),
    ...(credentials.length > 0 ? { credentials } : {}),
  };
}

/**
 * The forms of the document, its shadow roots and frames, at most
 * `caps.forms`: credential forms first, so decoy forms cannot push the real
 * one past the cap (issue 41), then the others, each in document order; with
 * how many forms there were. Read from attributes, not form.action /
 * form.method: a field named "action" or "method" shadows those properties
 * (DOM clobbering), which kits can use.
 */
export function readForms(trees: readonly SnapshotTree[], caps: SnapshotCaps, cut: (text: string) => string): { forms: PageForm[]; found: number } {
  const credential: [PlacedElement, CredentialKind[]][] = [];
  const other: [PlacedElement, CredentialKind[]][] = [];
  let found = 0;
  for (const placed of everywhere(trees, 'form')) {
    found++;
    const kinds = credentialKinds(placed.element);
    const list = kinds.length > 0 ? credential : other;
    if (list.length < caps.forms) list.push([placed, kinds]);
  }
  const forms = [...credential, ...other].slice(0, caps.forms).map(([placed, kinds]) => pageForm(placed, kinds, caps, cut));
  return { forms, found };
}
