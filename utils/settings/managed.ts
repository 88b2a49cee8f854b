import { defineLazyItem } from '../storage/lazy-item';
import { browser } from 'wxt/browser';
import { normaliseSettings, type EvidenceDefaults, type Settings } from './settings-values';

// Managed deployment: an organisation pre-sets the connection and the
// settings through browser policy (Chrome: `managed_schema`, public/managed-schema.json;
// Firefox: policies.json `3rdparty.Extensions.<id>`). Both arrive in
// `storage.managed`. Every value set there applies and is locked: pages show
// it and cannot change it. A value of the wrong shape is ignored alone.

/** The settings a policy may set, in the order the options page shows them. */
export const MANAGEABLE_SETTINGS = [
  'reporterEmail',
  'defaultAction',
  'defaultClientId',
  'selectionPageEvidence',
  'recordNavigation',
  'wholePageScreenshot',
  'phoneCountry',
  'confirmBeforeSend',
  'keepSentEvidenceDays',
  'refreshMinutes',
  'notifyStatuses',
  'ownDomains',
] as const satisfies readonly (keyof Settings)[];

type ManageableSetting = (typeof MANAGEABLE_SETTINGS)[number];

/** What a policy sets; only the valid values. */
export interface ManagedPolicy {
  /** Service root the extension connects to. */
  baseUrl?: string;
  /** The API key; read by the background only (see `managedView`). */
  apiKey?: string;
  /** Who manages the extension, as the organisation wrote it ("Acme Security, soc@acme.example"). */
  managedBy?: string;
  settings: Partial<Omit<Settings, 'evidence'>>;
  /** Each evidence default on its own: a policy may set one and leave the others to the user. */
  evidence: Partial<EvidenceDefaults>;
  /** Managed storage did not answer: this is the background's last copy, without the key (whether one is set stands here). */
  unread?: { hasApiKey: boolean };
}

const EVIDENCE_KEYS = ['screenshot', 'pageSource', 'pageDetails'] as const satisfies readonly (keyof EvidenceDefaults)[];

/** What pages may know of the policy: everything but the key itself. */
export type ManagedView = Omit<ManagedPolicy, 'apiKey'> & { hasApiKey: boolean };

/** A non-blank string, trimmed; undefined otherwise. */
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() || undefined : undefined);

/** One setting from the policy when it is valid, else undefined (the user's value stays). */
function validSetting(key: ManageableSetting, value: unknown): Settings[ManageableSetting] | undefined {
  const repaired = normaliseSettings({ [key]: value })[key];
  const given = typeof value === 'string' ? value.trim() : value;
  return JSON.stringify(repaired) === JSON.stringify(given) ? repaired : undefined;
}

/** Reads a raw `storage.managed` object: each value of the wrong shape is ignored alone. */
export function readPolicy(raw: unknown): ManagedPolicy {
  const policy = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const settings: ManagedPolicy['settings'] = {};
  for (const key of MANAGEABLE_SETTINGS) {
    const value = validSetting(key, policy[key]);
    if (value !== undefined) Object.assign(settings, { [key]: value });
  }
  const rawEvidence = (typeof policy.evidence === 'object' && policy.evidence !== null ? policy.evidence : {}) as Record<string, unknown>;
  const evidence: Partial<EvidenceDefaults> = {};
  for (const key of EVIDENCE_KEYS) if (typeof rawEvidence[key] === 'boolean') evidence[key] = rawEvidence[key];
  const baseUrl = text(policy.baseUrl);
  const apiKey = text(policy.apiKey);
  const managedBy = text(policy.managedBy);
  return { ...(baseUrl ? { baseUrl } : {}), ...(apiKey ? { apiKey } : {}), ...(managedBy ? { managedBy } : {}), settings, evidence };
}

let loaded: Promise<ManagedPolicy> | undefined;

/**
 * How long a read of managed storage is waited for. It can take seconds
 * (measured 2.9 s in headless Chromium without a policy) or never answer (a
 * fresh Chromium profile here, under load: the e2e `connect` probe; Edge's
 * microsoft/MicrosoftEdge-Extensions#299): a save of the connection waited on
 * it for ever.
 */
const MANAGED_READ_WAIT_MS = 5_000;

/**
 * The policy in force (background only: it carries the key); none when the
 * browser has no managed storage for the extension. Read once and kept until
 * the policy changes. A read that does not answer in time gives the last copy
 * (`unread`, without the key), and the next load asks again.
 */
export function loadManagedPolicy(): Promise<ManagedPolicy> {
  // The timer is not cleared when the read answers first: one left behind keeps no worker alive.
  return (loaded ??= Promise.race([readManagedStorage(), new Promise<undefined>((resolve) => setTimeout(resolve, MANAGED_READ_WAIT_MS))]).then(async (policy) => {
    if (policy) return policy;
    loaded = undefined;
    const { hasApiKey, ...copy } = await readManagedView();
    return { ...copy, unread: { hasApiKey } };
  }));
}

/** One read of managed storage. In a `then`: where `storage.managed` is absent (Firefox for Android) the read fails as a missing policy does. */
function readManagedStorage(): Promise<ManagedPolicy> {
  return Promise.resolve()
    .then(() => browser.storage.managed.get())
    .catch(() => undefined)
    .then(readPolicy);
}

/** Forgets the policy read, so the next load reads it again (it changed). */
export function forgetLoadedPolicy(): void {
  loaded = undefined;
}

const NO_POLICY: ManagedView = { settings: {}, evidence: {}, hasApiKey: false };

/**
 * What pages and settings read of the policy: a copy without the key, kept
 * in `storage.local` by the background (`mirrorManagedPolicy`), so opening a
 * page never waits for managed storage.
 */
export const managedViewItem = defineLazyItem<ManagedView | null>('local:managedView', { fallback: null, version: 1 });

/** The policy as pages may see it, from the background's copy. */
export async function readManagedView(): Promise<ManagedView> {
  return managedViewOf(await managedViewItem.getValue());
}

/** The background's copy of the policy as read from storage (none: no policy). */
export function managedViewOf(stored: unknown): ManagedView {
  return (stored as ManagedView | null | undefined) ?? NO_POLICY;
}

/** The background's first copy since its start (a start chore, after the first answer), then its latest. */
let firstMirrored!: () => void;
let mirrored: Promise<unknown> = new Promise<void>((resolve) => (firstMirrored = resolve));

/** In the background: reads the policy afresh and writes the copy pages read. */
export function mirrorManagedPolicy(): Promise<ManagedPolicy> {
  forgetLoadedPolicy();
  const done = loadManagedPolicy().then(async (policy) => {
    // A copy that stood in for an unanswered read is not written back over itself (it would lose whether a key is set).
    if (!policy.unread) await managedViewItem.setValue(isManaged(policy) ? managedView(policy) : null);
    return policy;
  });
  mirrored = done.catch(() => undefined);
  void mirrored.then(firstMirrored);
  return done;
}

/** Settles once the last copy of the policy is written, the first one included (test builds wait on it before writing a copy of their own). */
export function managedPolicyMirrored(): Promise<void> {
  return mirrored.then(() => undefined);
}

/** The policy as pages may see it: whether a key is set, never the key. */
export function managedView({ apiKey, ...rest }: ManagedPolicy): ManagedView {
  return { ...rest, hasApiKey: apiKey !== undefined };
}

/** The settings with the policy's values over the user's. */
export function applyPolicy(settings: Settings, policy: Pick<ManagedPolicy, 'settings' | 'evidence'>): Settings {
  return { ...settings, ...policy.settings, evidence: { ...settings.evidence, ...policy.evidence } };
}

/** True when something in the policy is set, so the page says the extension is managed. */
export function isManaged(view: ManagedView | ManagedPolicy): boolean {
  const hasKey = 'hasApiKey' in view ? view.hasApiKey : view.apiKey !== undefined;
  return Boolean(view.baseUrl) || hasKey || Object.keys(view.settings).length > 0 || Object.keys(view.evidence).length > 0;
}

/** Calls back when the copy pages read changes. */
export function watchManagedView(callback: (view: ManagedView) => void): () => void {
  return managedViewItem.watch((view) => callback(view ?? NO_POLICY));
}

/** In the background: calls back when the policy itself changes (an administrator pushed a new one). */
export function watchManagedPolicy(callback: () => void): () => void {
  const listener = (_changes: unknown, area: string) => {
    if (area === 'managed') callback();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
