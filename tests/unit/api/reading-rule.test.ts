import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  AccountDocument,
  BlocklistListing,
  CaptureIndicators,
  CertificateInsights,
  Client,
  CreatedWebhook,
  CursorPaging,
  DetailedIncident,
  DnsInsights,
  DocumentClient,
  DocumentUploader,
  HostingInsights,
  HostingOrigin,
  HostingProvider,
  Incident,
  IncidentHistory,
  IncidentHistoryAuthor,
  IncidentInsights,
  IncidentState,
  PageInsights,
  PagePaging,
  Registrar,
  RotatedSecret,
  ScrapeRoute,
  Snapshot,
  TakedownAttempt,
  TakedownAttempts,
  ThreatTaxonomy,
  TypeReference,
  Usage,
  User,
  WebhookEvent,
  WebhookEventData,
  WebhookHistoryEntry,
  WebhookSubscription,
  WhoisInsights,
} from '@/utils/api';

// The reading rule (docs/api-contract.md), structure by structure: each field
// that is not part of the required core is fed a malformed value, one at a
// time. The record must survive, that field alone must read as absent
// (optional) or null (expected: "unknown"), and every other field must be
// exactly what it was. Each required field, malformed, must drop the record.

const T = '2026-11-20T08:00:00.000Z';
const ref = { id: 'tr_1', name: 'Credential phishing', description: 'Login page' };
const author = { type: 'client', clientId: 'cl_acme', email: 'soc@acme.example', automated: false };
const history = { timestamp: T, message: 'Reported', author: 'Client (soc@acme.example)', authorDetails: author };
const state = { unresponsive: false, warningBanner: true, responsive: true, contentRemoved: false, redirect: false, inconclusive: false, timestamp: T };
const listing = { authority: 'Google Safe Browsing', type: 'blocklist', status: 'listed', listedAt: T, link: 'https://transparencyreport.google.com/' };
const dns = { recordTypes: ['A', 'MX'], recordCounts: { A: 2, MX: 1 } };
const whois = {
  domain: 'acme-login.example',
  registrar: 'Example Registrar',
  registrarIANAId: '9999',
  createdDate: T,
  updatedDate: T,
  expiryDate: T,
  domainAgeDays: 3,
  isNewDomain: true,
  isExpired: false,
  statuses: ['clientHold'],
};
const certificate = { issuer: "Let's Encrypt", subject: 'acme-login.example', validFrom: T, validTo: T, isValid: true, subjectAltNames: ['acme-login.example'] };
const origin = { ip: '203.0.113.7', network: '203.0.113.0/24', organization: 'Example Hosting', abuseEmails: ['abuse@host.example'] };
const provider = { ...origin, isCdn: false };
const hosting = { cdnDetected: true, cdnName: 'ExampleCDN', providers: [provider], originHints: [origin] };
const page = { title: 'Sign in', metaDescription: 'Acme', headings: ['Sign in'], linkCount: 3, formInputCount: 2, imageCount: 1 };
const route = { method: 'browser', uaType: 'desktop', proxyType: 'residential', country: 'NL', exitIp: '198.51.100.1', carrier: 'none', mobileExit: false };
const indicators = {
  finalUrl: 'https://acme-login.example/login',
  requestedUrl: 'http://acme-login.example/',
  redirectChain: ['http://acme-login.example/'],
  ssdeepHash: '3:abc:def',
  pHash: 'f0f0',
  captureDurationMs: 1200,
  captureError: '',
  scrapeRoute: route,
};
const insights = { snapshotTimestamp: T, dns, whois, certificate, hosting, page, indicators };
const taxonomy = { name: 'Phishing', description: '', incidentClass: 'phishing', incidentTargetType: ref, incidentType: ref, incidentThreatType: ref };
const incident = {
  id: 'inc_1',
  clientId: 'cl_acme',
  safeDomain: 'acme.example',
  subject: 'https://acme-login.example/login',
  incidentType: 'page',
  domain: 'acme-login.example',
  url: 'https://acme-login.example/login',
  source: 'CLIENT_REPORTED',
  status: 'pending_review',
  timestamp: T,
  lastHistoryUpdateTimestamp: T,
  burnStartedTimestamp: T,
  takedownTimestamp: T,
  reportedBy: 'soc@acme.example',
  threatTaxonomy: { name: 'Phishing', description: 'Credential theft' },
  incidentClass: 'phishing',
};
const detailed = {
  ...incident,
  threatTaxonomy: taxonomy,
  history: [history],
  incidentState: state,
  registrar: { name: 'Example Registrar', difficulty: 'hard', description: 'Slow to act' },
  hostingProvider: 'Example Hosting',
  blocklists: [listing],
  insights,
};
const documentClient = { id: 'cl_acme', name: 'Acme Holdings', parentClientId: 'cl_parent' };
const uploader = { id: 'u_1', email: 'admin@acme.example', name: 'Ada', surname: 'Lovelace' };
const accountDocument = {
  id: 'doc_1',
  clientId: 'cl_acme',
  client: documentClient,
  docType: 'loa',
  fileName: 'loa.pdf',
  uploadedBy: uploader,
  createdAt: T,
  updatedAt: T,
  signedUrl: 'https://files.example/loa.pdf?sig=1',
};
const subscription = {
  id: 'wh_1',
  clientId: 'cl_acme',
  url: 'https://hooks.acme.example/takedown',
  secret: 'whsec_1',
  events: ['incident.created'],
  active: true,
  description: 'SOC',
  createdAt: T,
  message: 'The secret will not be shown again.',
  lastDeliveryStatus: 'failed',
};
const eventData = {
  incidentId: 'inc_1',
  clientId: 'cl_acme',
  safeDomain: 'acme.example',
  url: 'https://acme-login.example/login',
  subject: 'https://acme-login.example/login',
  incidentType: 'domain',
  domain: 'acme-login.example',
  source: 'CLIENT_REPORTED',
  status: 'pending_review',
  incidentClass: 'n/a',
  reportedBy: 'soc@acme.example',
  waitForClient: 'Send the LOA',
  timestamp: T,
  lastHistoryUpdateTimestamp: T,
  burnStartedTimestamp: T,
  takedownTimestamp: T,
  historyEntry: { message: 'Reported', type: 'status' },
};
const user = {
  id: 'u_1',
  email: 'ada@acme.example',
  name: 'Ada',
  surname: null,
  roles: ['superuser'],
  clientId: 'cl_acme',
  clientName: 'Acme Holdings',
  mfaEnabled: true,
  createdAt: T,
  updatedAt: T,
};

type Row = [name: string, schema: z.ZodMiniType, sample: Record<string, unknown>, required: string[]];

const STRUCTURES: Row[] = [
  ['IncidentStructure', Incident, incident, ['id']],
  ['DetailedIncidentStructure', DetailedIncident, detailed, ['id']],
  ['ThreatTaxonomy', ThreatTaxonomy, taxonomy, ['name']],
  ['TypeReference', TypeReference, ref, ['name']],
  ['IncidentHistory', IncidentHistory, history, ['message']],
  ['IncidentHistoryAuthor', IncidentHistoryAuthor, author, []],
  ['IncidentState', IncidentState, state, []],
  ['Registrar', Registrar, detailed.registrar, []],
  ['BlocklistListing', BlocklistListing, listing, ['authority']],
  ['IncidentInsights', IncidentInsights, insights, []],
  ['DnsInsights', DnsInsights, dns, []],
  ['WhoisInsights', WhoisInsights, whois, []],
  ['CertificateInsights', CertificateInsights, certificate, []],
  ['HostingInsights', HostingInsights, hosting, []],
  ['HostingProvider', HostingProvider, provider, ['ip']],
  ['HostingOrigin', HostingOrigin, origin, ['ip']],
  ['PageInsights', PageInsights, page, []],
  ['CaptureIndicators', CaptureIndicators, indicators, []],
  ['ScrapeRoute', ScrapeRoute, route, []],
  [
    'SnapshotStructure',
    Snapshot,
    { id: 's_1', incidentId: 'inc_1', type: 'scheduled', timestamp: T, description: 'Daily', dns: { A: ['1.2.3.4'] }, whois: { registrar: 'X' }, certificate: { issuer: 'Y' } },
    ['id'],
  ],
  ['TakedownAttemptsStructure', TakedownAttempts, { id: 'inc_1', subject: 'acme-login.example', createdAt: T, takedownAttempts: [{ startedAt: T, resolvedAt: null, outcome: null }] }, ['id']],
  ['TakedownAttempt', TakedownAttempt, { startedAt: T, resolvedAt: T, outcome: 'success' }, []],
  ['UserStructure', User, user, ['id']],
  ['ClientStructure', Client, { id: 'cl_acme_bank', name: 'Acme Bank', active: true, parentClientId: 'cl_acme' }, ['id']],
  ['UsageStructure', Usage, { clientId: 'cl_acme', clientName: 'Acme Holdings', remainingCredits: 42 }, ['clientId']],
  ['DocumentStructure', AccountDocument, accountDocument, ['id']],
  ['Document client', DocumentClient, documentClient, ['id']],
  ['Document uploadedBy', DocumentUploader, uploader, []],
  ['Cursor paging', CursorPaging, { cursor: 'inc_1', next: 'inc_2', limit: 5000, count: 1, total: 9 }, []],
  ['Page paging', PagePaging, { page: 1, limit: 50, count: 1, total: 1, totalPages: 1, hasMore: false }, []],
  ['Webhook subscription', WebhookSubscription, subscription, ['id']],
  ['Webhook create answer', CreatedWebhook, subscription, []],
  ['Webhook event', WebhookEvent, { id: 'evt_1', event: 'incident.created', timestamp: T, data: eventData }, ['id', 'event', 'timestamp', 'data']],
  ['Webhook event data', WebhookEventData, eventData, ['incidentId']],
  ['Webhook history entry', WebhookHistoryEntry, eventData.historyEntry, []],
  ['Rotated secret', RotatedSecret, { secret: 'whsec_2', message: 'Rotated' }, ['secret']],
];

/** A value of the wrong type for whatever the sample holds. */
function malformed(value: unknown): unknown {
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) return 'malformed';
  return { malformed: true };
}

const fieldCases = STRUCTURES.flatMap(([name, schema, sample, required]) =>
  Object.keys(sample)
    .filter((field) => !required.includes(field))
    .map((field) => [`${name}.${field}`, schema, sample, field] as const),
);

const requiredCases = STRUCTURES.flatMap(([name, schema, sample, required]) => required.map((field) => [`${name}.${field}`, schema, sample, field] as const));

describe('reading rule: one malformed field is dropped alone', () => {
  it.each(STRUCTURES)('%s: the sample reads back exactly', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it.each(fieldCases)('%s malformed: the record survives, only that field is unknown', (_name, schema, sample, field) => {
    const baseline = schema.parse(sample) as Record<string, unknown>;
    const result = schema.safeParse({ ...sample, [field]: malformed(sample[field]) });
    expect(result.success).toBe(true);
    const read = result.data as Record<string, unknown>;
    // Absent (optional) or null (expected, "unknown") — never false, never coerced.
    expect([undefined, null]).toContain(read[field]);
    const { [field]: _dropped, ...rest } = read;
    const { [field]: _original, ...restBaseline } = baseline;
    expect(rest).toEqual(restBaseline);
  });

  it.each(fieldCases)('%s absent: the record survives', (_name, schema, sample, field) => {
    const { [field]: _removed, ...without } = sample;
    const read = schema.parse(without) as Record<string, unknown>;
    expect([undefined, null]).toContain(read[field]);
  });

  it.each(requiredCases)('%s malformed: the record is dropped', (_name, schema, sample, field) => {
    expect(schema.safeParse({ ...sample, [field]: malformed(sample[field]) }).success).toBe(false);
  });

  it.each(STRUCTURES)('%s: unknown fields are dropped', (_name, schema, sample) => {
    expect(schema.parse({ ...sample, addedLater: 'x' })).toEqual(sample);
  });
});

describe('reading rule: expected fields read as null, optional ones as absent', () => {
  it.each([
    ['IncidentState flag', IncidentState, state, 'warningBanner', null],
    ['IncidentState timestamp', IncidentState, state, 'timestamp', null],
    ['incident status', Incident, incident, 'status', null],
    ['paging limit', CursorPaging, { next: 'inc_2' }, 'limit', null],
    ['whois isNewDomain', WhoisInsights, whois, 'isNewDomain', null],
    ['certificate isValid', CertificateInsights, certificate, 'isValid', null],
    ['client active', Client, { id: 'cl_a', name: 'A' }, 'active', null],
    ['usage clientName', Usage, { clientId: 'cl_a', remainingCredits: 1 }, 'clientName', null],
    ['incident subject', Incident, incident, 'subject', undefined],
    ['document signedUrl', AccountDocument, accountDocument, 'signedUrl', undefined],
    ['usage remainingCredits', Usage, { clientId: 'cl_a', clientName: 'A' }, 'remainingCredits', undefined],
    ['author clientId', IncidentHistoryAuthor, author, 'clientId', undefined],
  ])('%s malformed reads as %s', (_name, schema, sample, field, expected) => {
    const read = schema.parse({ ...sample, [field]: { malformed: true } }) as Record<string, unknown>;
    expect(read[field]).toBe(expected);
  });

  it.each([
    ['a null flag is unknown, not false', IncidentState, { ...state, redirect: null }, 'redirect', null],
    ['a null isNewDomain stays null', WhoisInsights, { ...whois, isNewDomain: null }, 'isNewDomain', null],
    ['a string "false" is not read as false', WhoisInsights, { ...whois, isExpired: 'false' }, 'isExpired', null],
    ['0 is not read as false', IncidentState, { ...state, responsive: 0 }, 'responsive', null],
    ['a null remainingCredits means no credits', Usage, { clientId: 'cl_a', clientName: 'A', remainingCredits: null }, 'remainingCredits', null],
    ['unlimited stays unlimited', Usage, { clientId: 'cl_a', clientName: 'A', remainingCredits: 'unlimited' }, 'remainingCredits', 'unlimited'],
    ['a null parentClientId means top level', DocumentClient, { ...documentClient, parentClientId: null }, 'parentClientId', null],
    ['a null listedAt while submitted', BlocklistListing, { ...listing, status: 'submitted', listedAt: null }, 'listedAt', null],
    ['a null outcome while in progress', TakedownAttempt, { startedAt: T, resolvedAt: null, outcome: null }, 'outcome', null],
    ['statusVerbose of any type is kept', Incident, { ...incident, statusVerbose: { v: 1 } }, 'statusVerbose', { v: 1 }],
  ])('%s', (_name, schema, value, field, expected) => {
    expect((schema.parse(value) as Record<string, unknown>)[field]).toEqual(expected);
  });

  // GET /v1/clients documents no parentClientId; a service that sends it is read by the DocumentStructure client's rule.
  it.each([
    ['a parent id is kept', 'cl_acme', 'cl_acme'],
    ['null means a top-level client', null, null],
    ['a number is dropped alone', 42, undefined],
    ['an object is dropped alone', { id: 'cl_acme' }, undefined],
    ['false is dropped alone, never read as "no parent"', false, undefined],
  ])('client parentClientId: %s', (_name, parentClientId, expected) => {
    const read = Client.parse({ id: 'cl_acme_bank', name: 'Acme Bank', active: true, parentClientId });
    expect(read).toEqual({ id: 'cl_acme_bank', name: 'Acme Bank', active: true, ...(expected === undefined ? {} : { parentClientId: expected }) });
    expect(read.parentClientId).toBe(expected);
  });

  it('client parentClientId absent: not said, the client as before', () => {
    expect(Client.parse({ id: 'cl_acme', name: 'Acme Holdings', active: true })).toEqual({ id: 'cl_acme', name: 'Acme Holdings', active: true });
  });

  it('a list inside a record keeps its good items', () => {
    const read = DetailedIncident.parse({ ...detailed, history: [history, { message: 42 }, 'x', { message: 'Second' }] });
    expect(read.history).toEqual([history, { message: 'Second', timestamp: null, author: null }]);
  });

  it('DNS counts keep the entries that are numbers', () => {
    expect(DnsInsights.parse({ recordTypes: ['A', 7], recordCounts: { A: 2, MX: 'x' } })).toEqual({ recordTypes: ['A'], recordCounts: { A: 2 } });
  });

  it('the webhook create answer keeps the secret whatever sits beside it', () => {
    const read = CreatedWebhook.parse({ secret: 'whsec_1', description: null, events: 'all' });
    expect(read).toEqual({ secret: 'whsec_1', id: null, clientId: null, url: null, events: null, active: null, createdAt: null });
  });
});
