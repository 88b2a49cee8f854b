import type { PageForm, SnapshotCaps } from './page-snapshot-types';
import { everywhere, type SnapshotTree } from './shadow-walk';

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

/** The named fields a form sends, at most `caps.fieldsPerForm`. */
function formFields(form: Element, caps: SnapshotCaps, cut: (text: string) => string): PageForm['inputs'] {
  const inputs = [...form.querySelectorAll('input[name], select[name], textarea[name]')].filter((field) => field.getAttribute('name'));
  return inputs.slice(0, caps.fieldsPerForm).map((field) => {
    const tag = field.tagName.toLowerCase();
    const type = tag === 'input' ? (field as HTMLInputElement).type : tag;
    return { name: cut(field.getAttribute('name') ?? ''), type: cut(type) };
  });
}

/**
 * The forms of the document and its shadow roots, at most `caps.forms`. Read
 * from attributes, not form.action / form.method: a field named "action" or
 * "method" shadows those properties (DOM clobbering), which kits can use.
 */
export function readForms(trees: readonly SnapshotTree[], caps: SnapshotCaps, cut: (text: string) => string): PageForm[] {
  const forms: PageForm[] = [];
  for (const { element: form, place } of everywhere(trees, 'form')) {
    if (forms.length >= caps.forms) break;
    const action = formAction(form.getAttribute('action') ?? '', location.href, document.baseURI);
    forms.push({ action: cut(action), method: formMethod(form.getAttribute('method')), inputs: formFields(form, caps, cut), ...(place ? { place } : {}) });
  }
  return forms;
}
