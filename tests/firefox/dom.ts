import type { ElementHandle, Page } from 'puppeteer-core';

// Finding what a user sees by its label, role or text, and acting on it with
// trusted input. (puppeteer's Locators and `waitForFunction` compile code with
// `Function()`, which an extension page's CSP blocks; element handles and
// `waitForSelector` do not.)

/** Waits for the first element matching `selector` and answers it. */
export async function find(page: Page, selector: string, timeout = 7_000): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(selector, { timeout });
  if (!handle) throw new Error(`Nothing matches ${selector}.`);
  return handle;
}

/** Clicks the button or link named `name` (see `control`) with a real (trusted) click: what `permissions.request` needs. */
export async function clickButton(page: Page, name: string): Promise<void> {
  await click(page, name);
}

/** The form control a `<label>` with this text (its own text, without its hints) labels. */
export async function field(page: Page, label: string, timeout = 7_000): Promise<ElementHandle<HTMLInputElement>> {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const handle = await page.evaluateHandle((text) => {
      const labels = [...document.querySelectorAll('label')].filter((candidate) => candidate.control && (candidate.firstChild?.textContent ?? '').trim() === text);
      const exact = labels.find((candidate) => (candidate.textContent ?? '').trim() === text) ?? labels[0];
      return (exact?.control ?? null) as HTMLInputElement | null;
    }, label);
    const element = handle.asElement() as ElementHandle<HTMLInputElement> | null;
    if (element) return element;
    await handle.dispose();
    if (Date.now() - started > timeout) throw new Error(`No field labelled ${label}.`);
  }
}

/**
 * Puts `value` in a field (by its label), replacing what it held, as a paste
 * would: focus, the value, an `input` event. (Trusted keystrokes cost a
 * round trip each, up to a quarter of a second in a background tab; the
 * keyboard tests type for real.)
 */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = await field(page, label);
  await input.evaluate((element, text) => {
    element.focus();
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** A field's value, by its label. */
export async function valueOf(page: Page, label: string): Promise<string> {
  return (await field(page, label)).evaluate((element) => element.value);
}

/** The text of the first element matching `selector`, or '' when there is none. */
export async function textOf(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => document.querySelector(sel)?.textContent ?? '', selector);
}

/** The texts of every element matching `selector`. */
export async function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => [...document.querySelectorAll(sel)].map((element) => (element.textContent ?? '').trim()), selector);
}

/**
 * The control a user finds by its words: a form control by its label's whole
 * text, else a link or button by its accessible label or its text. (The
 * `::-p-aria` selectors of dom.ts cost 0.7 to 1.7 s each in Firefox, which
 * builds its accessibility tree for every query; this lookup, a few ms.)
 */
export async function control(page: Page, words: string, timeout = 7_000): Promise<ElementHandle<HTMLElement>> {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const handle = await page.evaluateHandle((text) => {
      const shown = (element: Element) => element.getClientRects().length > 0;
      const byLabel = [...document.querySelectorAll('label')].find((label) => label.control && shown(label.control) && (label.textContent ?? '').trim() === text)?.control;
      // A tab named like a button ("Look up") comes after the buttons and links.
      const named = [...document.querySelectorAll('a, button')].filter(shown).toSorted((a, b) => Number(a.getAttribute('role') === 'tab') - Number(b.getAttribute('role') === 'tab'));
      const byName =
        named.find((element) => element.getAttribute('aria-label') === text) ?? named.find((element) => !element.hasAttribute('aria-label') && (element.textContent ?? '').trim() === text);
      return (byLabel ?? byName ?? null) as HTMLElement | null;
    }, words);
    const element = handle.asElement() as ElementHandle<HTMLElement> | null;
    if (element) return element;
    await handle.dispose();
    if (Date.now() - started > timeout) throw new Error(`Nothing labelled ${words}.`);
  }
}

/** Clicks the control a user finds by these words (see `control`), with a real click. */
export async function click(page: Page, words: string): Promise<void> {
  await (await control(page, words)).click();
}

/** Sets a checkbox or radio button, by its label, with a real click (unless it already is so). */
export async function setChecked(page: Page, label: string, checked = true): Promise<void> {
  const box = await control(page, label);
  const state = () => box.evaluate((element) => (element as HTMLInputElement).checked);
  if ((await state()) !== checked) await box.click();
  if ((await state()) !== checked) throw new Error(`${label} did not become ${checked ? 'checked' : 'unchecked'}.`);
}
