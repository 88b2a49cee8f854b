// @vitest-environment happy-dom
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { adoptPopupShell, forgetPopupShell, keepPopupShell, SHELL_STATE_KEYS, showPopupShell } from '@/components/popup/kept-render';
import { takeFirstRead } from '@/components/popup/first-read';
import { connectionItem } from '@/utils/storage/connection';
import { settingsItem } from '@/utils/settings/settings';
import { managedViewItem } from '@/utils/settings/managed';

// The popup's kept first render (components/popup/kept-render.ts): kept after
// the app's first render, shown by the next open's shell script only while
// what it was made of is unchanged, and handing what was typed to the app.

const SHELL_KEY = 'takedown-reporter:popup-shell';
const PAGE = 'https://secure-acme-login.com/signin';

/** The popup's first render, as the app leaves it: values set as properties, as Preact sets them. */
function renderApp(app: HTMLElement): void {
  app.innerHTML = `<main class="popup"><p data-state="connected">Connected</p>
    <form class="report-form"><input id="report-subject"><textarea id="report-comment"></textarea><input id="report-reporter">
    <input id="include-screenshot" type="checkbox"><select id="report-client"><option value="">None</option><option value="c-2">Acme</option></select>
    <button type="submit" id="send">Report</button></form></main>`;
  (app.querySelector('#report-subject') as HTMLInputElement).value = PAGE;
  (app.querySelector('#report-reporter') as HTMLInputElement).value = 'soc@acme.example';
  (app.querySelector('#include-screenshot') as HTMLInputElement).checked = true;
  (app.querySelector('#report-client') as HTMLSelectElement).value = 'c-2';
}

/** A new popup page: an empty #app, nothing marked, no read under way. */
function newPage(): HTMLElement {
  document.body.innerHTML = '<div id="app"></div>';
  performance.clearMarks();
  takeFirstRead();
  return document.getElementById('app')!;
}

/** The active tab of the popup's window. */
let activeTab: { id: number; url: string };
async function openTab(url: string): Promise<void> {
  activeTab = { id: (activeTab?.id ?? 0) + 1, url };
}

/** One open of the popup: the shell script, then the app's first render kept. */
async function openPopup(): Promise<HTMLElement> {
  const app = newPage();
  await showPopupShell();
  return app;
}

/** A first open: no shell yet; the app renders its form, and that render is kept. */
async function openAndKeep(): Promise<void> {
  const first = await openPopup();
  renderApp(first);
  await keepPopupShell(first);
}

beforeEach(async () => {
  fakeBrowser.reset();
  localStorage.clear();
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '1.2.3' });
  Object.assign(fakeBrowser.i18n, { getUILanguage: () => 'en-US' });
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async () => [activeTab as never]);
  await fakeBrowser.storage.local.set({ connection: { baseUrl: 'https://api.example', state: 'connected' }, settings: { defaultAction: 'takedown' } });
  await openTab(PAGE);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the popup shell', () => {
  it('reads the storage keys the connection, settings and policy items use', () => {
    expect(SHELL_STATE_KEYS).toEqual([connectionItem, settingsItem, managedViewItem].map((item) => item.key.replace(/^local:/, '')));
  });

  it('shows nothing on a first open, and keeps the first render under the key it read', async () => {
    const app = await openPopup();
    expect(app.childElementCount).toBe(0);
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(0);
    expect(app.dataset.shellKey).toMatch(/^[0-9a-f]{64}$/);
    renderApp(app);
    await keepPopupShell(app);
    const kept = JSON.parse(localStorage.getItem(SHELL_KEY)!);
    expect(kept.key).toBe(app.dataset.shellKey);
    // Nothing of the connection or settings in clear beside the render.
    expect(kept.key).not.toContain('api.example');
  });

  it('shows the kept render on the next open, with this tab’s address and the form’s values, its controls waiting for the app', async () => {
    await openAndKeep();
    await openTab('https://other-phish.example/login?x=1');

    const app = await openPopup();
    expect(app.querySelector('[data-state="connected"]')?.textContent).toBe('Connected');
    expect((document.getElementById('report-subject') as HTMLInputElement).value).toBe('https://other-phish.example/login?x=1');
    expect((document.getElementById('report-reporter') as HTMLInputElement).value).toBe('soc@acme.example');
    expect((document.getElementById('include-screenshot') as HTMLInputElement).checked).toBe(true);
    expect((document.getElementById('report-client') as HTMLSelectElement).value).toBe('c-2');
    for (const id of ['send', 'include-screenshot', 'report-client']) expect((document.getElementById(id) as HTMLButtonElement).disabled, id).toBe(true);
    expect((document.getElementById('report-comment') as HTMLTextAreaElement).disabled).toBe(false);
    expect('shell' in app.dataset).toBe(true);
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(1);
  });

  it('is deleted when the connection is forgotten', async () => {
    await openAndKeep();
    expect(localStorage.getItem(SHELL_KEY)).not.toBeNull();
    forgetPopupShell();
    expect(localStorage.getItem(SHELL_KEY)).toBeNull();
  });

  it('never keeps the address it was rendered with', async () => {
    await openAndKeep();
    expect(localStorage.getItem(SHELL_KEY)).not.toContain(PAGE);
  });

  it('fills no address for a tab that is not a web page (the app’s draft has none either)', async () => {
    await openAndKeep();
    await openTab('chrome://settings');
    // Another kind of tab is another first render: the kept one is not shown.
    const app = await openPopup();
    expect(app.childElementCount).toBe(0);
    renderApp(app);
    await keepPopupShell(app);
    await openTab('chrome://extensions');
    await openPopup();
    expect((document.getElementById('report-subject') as HTMLInputElement).value).toBe('');
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ['the connection', { connection: { baseUrl: 'https://api.example', state: 'failing' } }],
    ['the settings', { settings: { defaultAction: 'monitor' } }],
    ['the organisation’s policy', { managedView: { locked: ['defaultAction'] } }],
  ])('deletes the kept render when %s changed since, and shows nothing', async (_what, change) => {
    await openAndKeep();
    await fakeBrowser.storage.local.set(change);
    const app = await openPopup();
    expect(app.childElementCount).toBe(0);
    expect(localStorage.getItem(SHELL_KEY)).toBeNull();
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(0);
  });

  it.each([
    ['a new version', () => vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '1.2.4' })],
    ['another language', () => Object.assign(fakeBrowser.i18n, { getUILanguage: () => 'de' })],
  ])('shows nothing after %s', async (_what, change) => {
    await openAndKeep();
    change();
    const app = await openPopup();
    expect(app.childElementCount).toBe(0);
  });

  it('keeps nothing when the first render is not the report form, and nothing without the key', async () => {
    const app = await openPopup();
    app.innerHTML = '<p role="status">Not connected</p>';
    await keepPopupShell(app);
    expect(localStorage.getItem(SHELL_KEY)).toBeNull();
    renderApp(app);
    delete app.dataset.shellKey;
    await keepPopupShell(app);
    expect(localStorage.getItem(SHELL_KEY)).toBeNull();
  });

  it('shows once #app is parsed, without waiting for the end of parsing (which waits behind the app’s module)', async () => {
    await openAndKeep();
    // The shell script runs in the head, before #app is parsed.
    document.body.innerHTML = '';
    takeFirstRead();
    let shown = false;
    const showing = showPopupShell().then(() => (shown = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown).toBe(false);
    // The parser inserts #app; no readystatechange follows yet.
    document.body.innerHTML = '<div id="app"></div>';
    await showing;
    expect(document.getElementById('app')?.querySelector('[data-state="connected"]')).not.toBeNull();
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(1);
  });

  it('stands aside when the app rendered first', async () => {
    await openAndKeep();
    const app = newPage();
    const shown = showPopupShell();
    app.innerHTML = '<main class="popup">the app</main>';
    await shown;
    expect(app.innerHTML).toBe('<main class="popup">the app</main>');
  });

  it('ignores a kept render it cannot read', async () => {
    localStorage.setItem(SHELL_KEY, '{not json');
    const app = await openPopup();
    expect(app.childElementCount).toBe(0);
    localStorage.setItem(SHELL_KEY, JSON.stringify({ key: 1, html: '<p>x</p>' }));
    expect((await openPopup()).childElementCount).toBe(0);
  });

  it('sends nothing from the shell: a submit waits for the app', async () => {
    await openAndKeep();
    const app = await openPopup();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    app.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    // Once the app has taken over, its own handlers decide.
    adoptPopupShell(app)();
    const later = new Event('submit', { bubbles: true, cancelable: true });
    app.querySelector('form')!.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('types what was typed in the shell again into the app, and gives the focus back', async () => {
    await openAndKeep();
    const app = await openPopup();
    const comment = document.getElementById('report-comment') as HTMLTextAreaElement;
    comment.focus();
    comment.value = 'Kit seen in a mail campaign';
    comment.dispatchEvent(new Event('input', { bubbles: true }));

    const typeAgain = adoptPopupShell(app);
    // The app renders over the shell from its own state, and keeps that render.
    renderApp(app);
    await keepPopupShell(app);
    const seen: string[] = [];
    document.getElementById('report-comment')!.addEventListener('input', (event) => seen.push((event.target as HTMLTextAreaElement).value));
    (document.activeElement as HTMLElement | null)?.blur();
    typeAgain();

    expect((document.getElementById('report-comment') as HTMLTextAreaElement).value).toBe('Kit seen in a mail campaign');
    expect(seen).toEqual(['Kit seen in a mail campaign']);
    expect(document.activeElement?.id).toBe('report-comment');
    expect('shell' in app.dataset).toBe(false);
    // What was typed is not kept for the next open.
    expect(localStorage.getItem(SHELL_KEY)).not.toContain('mail campaign');
  });

  it('types nothing again when nothing was shown', async () => {
    const app = await openPopup();
    renderApp(app);
    const seen: string[] = [];
    app.addEventListener('input', () => seen.push('input'));
    adoptPopupShell(app)();
    expect(seen).toEqual([]);
  });

  it('is taken over by Preact’s render: the same nodes, the shell’s marks mended', async () => {
    const view = (state: string) =>
      h('main', { class: 'popup' }, h('p', { 'data-state': state }, state), h('form', null, h('input', { id: 'report-subject', value: PAGE }), h('button', { type: 'submit' }, 'Report')));
    const first = await openPopup();
    render(view('connected'), first);
    await keepPopupShell(first);

    const app = await openPopup();
    const [button, subject] = [app.querySelector('button')!, app.querySelector('input')!];
    subject.dispatchEvent(new Event('input', { bubbles: true }));
    expect([button.disabled, subject.hasAttribute('data-typed')]).toEqual([true, true]);
    render(view('failing'), app);
    expect(app.querySelector('button')).toBe(button);
    expect(app.querySelector('input')).toBe(subject);
    expect([button.disabled, subject.hasAttribute('data-typed'), subject.value]).toEqual([false, false, PAGE]);
    expect(app.querySelector('p')?.outerHTML).toBe('<p data-state="failing">failing</p>');
  });
});
