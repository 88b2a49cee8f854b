import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startNavigationKeeper } from '@/utils/navigation/navigation-keeper';
import { chainEvidenceOf } from '@/utils/navigation/chain-evidence';
import type { NavigationEvent } from '@/utils/navigation/chain-steps';

// The background's keeper (issue 41), driven by the fake browser's
// webNavigation and tabs events. The fake has no permissions nor
// tabs.onReplaced: each test stands in for them.

type Listener = (...args: never[]) => unknown;

/** An event a test fires by hand (the fake browser's have no stand-in for these). */
function handEvent() {
  const listeners = new Set<Listener>();
  return {
    addListener: (listener: Listener) => void listeners.add(listener),
    removeListener: (listener: Listener) => void listeners.delete(listener),
    trigger: (...args: unknown[]) => Promise.all([...listeners].map((listener) => (listener as (...given: unknown[]) => unknown)(...args))),
  };
}

let granted = true;
let permissionsChanged: ReturnType<typeof handEvent>;
let tabReplaced: ReturnType<typeof handEvent>;

/** The worker stops: its listeners go (the fake browser's reset leaves webNavigation's), session storage stays. */
function stopWorker(): void {
  const nav = fakeBrowser.webNavigation;
  for (const event of [nav.onBeforeNavigate, nav.onCommitted, nav.onCreatedNavigationTarget, nav.onTabReplaced, fakeBrowser.tabs.onRemoved]) event.removeAllListeners();
}

beforeEach(() => {
  stopWorker();
  fakeBrowser.reset();
  granted = true;
  permissionsChanged = handEvent();
  tabReplaced = handEvent();
  Object.assign(fakeBrowser, { permissions: { contains: vi.fn(async () => granted), onAdded: permissionsChanged, onRemoved: permissionsChanged } });
  Object.assign(fakeBrowser.tabs, { onReplaced: tabReplaced });
});

/** A keeper as the worker starts it, the setting as `on` says; `settingChanged` is what watchSettings would call. */
function startKeeper(on: { value: boolean }) {
  let settingChanged = () => undefined as void;
  const keeper = startNavigationKeeper({ isOn: async () => on.value, watch: (changed) => void (settingChanged = changed) });
  return { ...keeper, settingChanged: () => settingChanged() };
}

/** A webNavigation event of tab 5's top frame: the facts the keeper reads (the fake's types want every fact Chromium gives). */
const at = (url: string, more: Partial<NavigationEvent> = {}) => ({ tabId: 5, frameId: 0, url, timeStamp: Date.now(), ...more }) as never;

/** Tab 5 follows a link: a 302 from the shortener, then a meta refresh to the page. */
async function throughTwoRedirects(tabId = 5): Promise<void> {
  const nav = fakeBrowser.webNavigation;
  await nav.onBeforeNavigate.trigger(at('https://bit.ly/3xYz', { tabId }));
  await nav.onCommitted.trigger(at('https://portal.example.com/out?url=https://secure-acme-login.com/', { tabId, transitionType: 'link', transitionQualifiers: ['server_redirect'] }));
  await nav.onBeforeNavigate.trigger(at('https://secure-acme-login.com/', { tabId }));
  await nav.onCommitted.trigger(at('https://secure-acme-login.com/', { tabId, transitionType: 'link', transitionQualifiers: ['client_redirect'] }));
}

/** The addresses a report of tab `tabId` would list, or why none. */
async function reported(tabId = 5): Promise<string[] | string> {
  const evidence = await chainEvidenceOf(tabId, true);
  return evidence.state === 'recorded' ? evidence.chain.hops.map((hop) => hop.url) : evidence.state;
}

const BOTH = ['https://bit.ly/3xYz', 'https://portal.example.com/out?url=https://secure-acme-login.com/', 'https://secure-acme-login.com/'];

describe('the navigation keeper', () => {
  it('reads no setting at start (the worker answers first): the first navigation decides, and is kept', async () => {
    const isOn = vi.fn(async () => true);
    startNavigationKeeper({ isOn, watch: () => undefined });
    expect(isOn).not.toHaveBeenCalled();
    await throughTwoRedirects();
    expect(isOn).toHaveBeenCalledTimes(1);
    expect(await reported()).toEqual(BOTH);
  });

  it('hears the navigation that woke the worker: its listeners are there before the settings are read', async () => {
    const keeper = startKeeper({ value: true });
    // No await before the first event: a woken worker is handed it right after its first turn.
    const woke = fakeBrowser.webNavigation.onBeforeNavigate.trigger(at('https://bit.ly/3xYz'));
    await woke;
    await throughTwoRedirects();
    expect(await keeper.recording()).toBe(true);
    expect(await reported()).toEqual(BOTH);
  });

  it.each<[string, (tabId: number) => Promise<unknown>]>([
    ['closed', (tabId) => fakeBrowser.tabs.onRemoved.trigger(tabId, { windowId: 1, isWindowClosing: false })],
    ['replaced (tabs.onReplaced)', (tabId) => tabReplaced.trigger(99, tabId)],
    ['replaced (webNavigation.onTabReplaced)', (tabId) => fakeBrowser.webNavigation.onTabReplaced.trigger({ replacedTabId: tabId, tabId: 99, timeStamp: Date.now() })],
  ])('forgets a tab’s way when the tab is %s, and only that tab’s', async (_name, end) => {
    startKeeper({ value: true });
    await throughTwoRedirects(5);
    await throughTwoRedirects(6);
    await end(5);
    expect(await reported(5)).toBe('unseen');
    expect(await reported(6)).toEqual(BOTH);
  });

  it('loses nothing when the worker restarts between two hops: the way is read back from session storage', async () => {
    startKeeper({ value: true });
    const nav = fakeBrowser.webNavigation;
    await nav.onBeforeNavigate.trigger(at('https://bit.ly/3xYz'));
    await nav.onCommitted.trigger(at('https://portal.example.com/out?url=https://secure-acme-login.com/', { transitionType: 'link', transitionQualifiers: ['server_redirect'] }));
    stopWorker();
    startKeeper({ value: true });
    await nav.onBeforeNavigate.trigger(at('https://secure-acme-login.com/'));
    await nav.onCommitted.trigger(at('https://secure-acme-login.com/', { transitionType: 'link', transitionQualifiers: ['client_redirect'] }));
    expect(await reported()).toEqual(BOTH);
  });

  it('records nothing while the setting is off, and forgets every way when it is turned off', async () => {
    const on = { value: false };
    const keeper = startKeeper(on);
    await throughTwoRedirects();
    expect(await keeper.recording()).toBe(false);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});

    on.value = true;
    keeper.settingChanged();
    expect(await keeper.recording()).toBe(true);
    await throughTwoRedirects();
    await throughTwoRedirects(6);
    expect(await reported()).toEqual(BOTH);

    on.value = false;
    keeper.settingChanged();
    expect(await keeper.recording()).toBe(false);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    // Its listeners are gone too: the browser no longer wakes the worker for every navigation.
    expect(fakeBrowser.webNavigation.onCommitted.hasListeners()).toBe(false);
    expect(fakeBrowser.tabs.onRemoved.hasListeners()).toBe(false);
  });

  it('records nothing without the permission, and forgets every way when it is taken back', async () => {
    const keeper = startKeeper({ value: true });
    await throughTwoRedirects();
    granted = false;
    await permissionsChanged.trigger({ permissions: ['webNavigation'] });
    expect(await keeper.recording()).toBe(false);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await chainEvidenceOf(5, true)).toEqual({ state: 'off' });
  });

  it('keeps a link opened in a new tab with the page it was opened from', async () => {
    startKeeper({ value: true });
    await throughTwoRedirects(5);
    await fakeBrowser.webNavigation.onCreatedNavigationTarget.trigger({ sourceTabId: 5, sourceFrameId: 0, sourceProcessId: 1, tabId: 8, url: 'https://pay.evil-link.com/', timeStamp: Date.now() });
    await fakeBrowser.webNavigation.onCommitted.trigger(at('https://pay.evil-link.com/', { tabId: 8, transitionType: 'link' }));
    const evidence = await chainEvidenceOf(8, true);
    expect(evidence.state === 'recorded' && evidence.chain).toMatchObject({ start: 'link', from: 'https://secure-acme-login.com/', hops: [{ url: 'https://pay.evil-link.com/' }] });
  });
});

describe('what a report says of the way', () => {
  it.each([
    ['the setting off', false, true, 'off'],
    ['the permission missing', true, false, 'off'],
    ['nothing seen for the tab', true, true, 'unseen'],
  ])('%s → %s', async (_name, settingOn, held, state) => {
    granted = held;
    expect(await chainEvidenceOf(5, settingOn)).toEqual({ state });
  });
});
