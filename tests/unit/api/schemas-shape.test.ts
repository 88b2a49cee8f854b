import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  AccountDocument,
  BlocklistListing,
  CaptureIndicators,
  CertificateInsights,
  Client,
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
  WebhookSubscription,
  WhoisInsights,
} from '@/utils/api';
import * as sample from './fixtures';

type Row = [name: string, schema: z.ZodMiniType, value: Record<string, unknown>];

/** Every structure of the spec, as the spec shows it. */
const full: Row[] = [
  ['IncidentStructure', Incident, sample.incident()],
  ['DetailedIncidentStructure', DetailedIncident, sample.detailedIncident()],
  ['ThreatTaxonomy (list form)', ThreatTaxonomy, { name: 'Phishing', description: '' }],
  ['ThreatTaxonomy (expanded form)', ThreatTaxonomy, sample.detailedIncident().threatTaxonomy],
  ['TypeReference', TypeReference, sample.typeReference()],
  ['Registrar', Registrar, { name: 'Registrar Inc.', difficulty: 'hard', description: 'slow' }],
  ['IncidentState', IncidentState, sample.detailedIncident().incidentState],
  ['BlocklistListing', BlocklistListing, sample.blocklisting()],
  ['IncidentInsights', IncidentInsights, sample.insights()],
  ['DnsInsights', DnsInsights, sample.insights().dns],
  ['WhoisInsights', WhoisInsights, sample.whois()],
  ['CertificateInsights', CertificateInsights, sample.certificate()],
  ['HostingInsights', HostingInsights, sample.hosting()],
  ['HostingProvider', HostingProvider, sample.hostingProvider()],
  ['HostingOrigin', HostingOrigin, { ip: '198.51.100.2', organization: 'Origin Co', abuseEmails: [] }],
  ['PageInsights', PageInsights, sample.page()],
  ['CaptureIndicators', CaptureIndicators, sample.indicators()],
  ['ScrapeRoute', ScrapeRoute, { method: 'browser', uaType: 'mobile', carrier: 'KPN', mobileExit: true }],
  ['SnapshotStructure', Snapshot, sample.snapshot()],
  ['TakedownAttemptsStructure', TakedownAttempts, sample.takedownAttempts()],
  ['takedown attempt', TakedownAttempt, sample.takedownAttempts().takedownAttempts[0]!],
  ['IncidentHistory', IncidentHistory, sample.historyEntry()],
  ['IncidentHistoryAuthor', IncidentHistoryAuthor, { type: 'client', clientId: 'client-a', email: 'a@b.example', automated: false }],
  ['UserStructure', User, sample.user()],
  ['ClientStructure', Client, sample.client()],
  ['UsageStructure', Usage, sample.usage()],
  ['DocumentStructure', AccountDocument, sample.accountDocument()],
  ['document client', DocumentClient, { id: 'c', name: 'C', parentClientId: 'p' }],
  ['document uploadedBy', DocumentUploader, { id: 'u', email: 'u@x.example', name: 'U', surname: 'V' }],
  ['cursor paging', CursorPaging, { ...sample.cursorPaging(), total: 7 }],
  ['page paging', PagePaging, sample.pagePaging()],
  ['webhook subscription', WebhookSubscription, { ...sample.webhookSubscription(), lastDeliveryStatus: 'failed' }],
  ['webhook event envelope', WebhookEvent, sample.webhookEvent()],
  ['webhook event data', WebhookEventData, { ...sample.webhookEvent().data, historyEntry: { message: 'Hi', type: 'comment' } }],
  ['rotate response data', RotatedSecret, { secret: 'whsec_new', message: 'Rotated.' }],
];

/** The same structures with only their required fields. */
const minimal: Row[] = [
  ['IncidentStructure', Incident, { id: 'i', safeDomain: 's.example', incidentType: 'page', source: 'SERVICE_DETECTED', status: 'closed', timestamp: 't', incidentClass: 'other' }],
  [
    'DetailedIncidentStructure',
    DetailedIncident,
    {
      id: 'i',
      clientId: 'c',
      safeDomain: 's.example',
      incidentType: 'email',
      source: 'CLIENT_REPORTED',
      status: 'closed',
      timestamp: 't',
      incidentClass: 'other',
      history: [],
      incidentState: sample.detailedIncident().incidentState,
      blocklists: [],
    },
  ],
  ['Registrar', Registrar, {}],
  ['IncidentInsights', IncidentInsights, { snapshotTimestamp: null }],
  ['WhoisInsights', WhoisInsights, { domainAgeDays: null, isNewDomain: null, isExpired: null }],
  ['CertificateInsights', CertificateInsights, { isValid: null }],
  ['HostingInsights', HostingInsights, { cdnDetected: true, providers: [], originHints: [] }],
  ['HostingProvider', HostingProvider, { ip: '203.0.113.1', isCdn: true, abuseEmails: [] }],
  ['PageInsights', PageInsights, { linkCount: 0, formInputCount: 0, imageCount: 0 }],
  ['CaptureIndicators', CaptureIndicators, { redirectChain: [], ssdeepHash: '', pHash: '', captureDurationMs: 0, captureError: 'timeout' }],
  ['ScrapeRoute', ScrapeRoute, {}],
  ['SnapshotStructure', Snapshot, { id: 's', incidentId: 'i', type: null, timestamp: null, description: null }],
  ['TakedownAttemptsStructure', TakedownAttempts, { id: 'i', createdAt: 't', takedownAttempts: [] }],
  ['IncidentHistory', IncidentHistory, sample.historyEntry()],
  ['UserStructure', User, { id: 'u', email: 'staff@op.example', roles: [], mfaEnabled: false, createdAt: 't', updatedAt: 't' }],
  ['DocumentStructure', AccountDocument, { id: 'd', clientId: 'c', client: null, docType: 'file', fileName: null, uploadedBy: null, createdAt: null, updatedAt: null }],
  ['document uploadedBy', DocumentUploader, {}],
  ['cursor paging', CursorPaging, { limit: 5000, count: 0 }],
  ['webhook subscription', WebhookSubscription, { id: 'w', clientId: 'c', url: 'https://h.example', events: [], active: false, createdAt: 't' }],
  ['webhook event data', WebhookEventData, { incidentId: 'inc_1' }],
];

describe('schemas accept the spec and ignore what they do not know', () => {
  it.each(full)('%s: parses the spec shape and drops an unknown field', (_name, schema, value) => {
    const parsed = schema.parse({ ...value, addedInV1_1: { anything: true } }) as Record<string, unknown>;

    expect(parsed).toEqual(value);
    expect(parsed).not.toHaveProperty('addedInV1_1');
  });

  it.each(minimal)('%s: parses with every optional field missing', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });
});

/**
 * Each structure given only its required core (or nothing, when it has none):
 * the record is kept, every expected field reads null ("unknown") and every
 * optional field is absent.
 */
const coreOnly: [name: string, schema: z.ZodMiniType, value: Record<string, unknown>, read: Record<string, unknown>][] = [
  ['IncidentStructure', Incident, { id: 'i' }, { id: 'i', safeDomain: null, incidentType: null, source: null, status: null, timestamp: null, incidentClass: null }],
  ['ThreatTaxonomy', ThreatTaxonomy, { name: 'Phishing' }, { name: 'Phishing', description: null }],
  ['TypeReference', TypeReference, { name: 'Credential phishing' }, { name: 'Credential phishing', id: null, description: null }],
  ['Registrar', Registrar, {}, {}],
  ['IncidentState', IncidentState, {}, { unresponsive: null, warningBanner: null, responsive: null, contentRemoved: null, redirect: null, inconclusive: null, timestamp: null }],
  ['BlocklistListing', BlocklistListing, { authority: 'SafeBrowsing' }, { authority: 'SafeBrowsing', type: null, status: null, listedAt: null }],
  ['IncidentInsights', IncidentInsights, {}, { snapshotTimestamp: null }],
  ['DnsInsights', DnsInsights, {}, { recordTypes: null, recordCounts: null }],
  ['WhoisInsights', WhoisInsights, {}, { domainAgeDays: null, isNewDomain: null, isExpired: null }],
  ['CertificateInsights', CertificateInsights, {}, { isValid: null }],
  ['HostingInsights', HostingInsights, {}, { cdnDetected: null, providers: null, originHints: null }],
  ['HostingProvider', HostingProvider, { ip: '203.0.113.7' }, { ip: '203.0.113.7', abuseEmails: null, isCdn: null }],
  ['HostingOrigin', HostingOrigin, { ip: '198.51.100.2' }, { ip: '198.51.100.2', abuseEmails: null }],
  ['PageInsights', PageInsights, {}, { linkCount: null, formInputCount: null, imageCount: null }],
  ['CaptureIndicators', CaptureIndicators, {}, { redirectChain: null, ssdeepHash: null, pHash: null, captureDurationMs: null, captureError: null }],
  ['ScrapeRoute', ScrapeRoute, {}, {}],
  ['SnapshotStructure', Snapshot, { id: 's' }, { id: 's', incidentId: null, type: null, timestamp: null, description: null }],
  ['TakedownAttemptsStructure', TakedownAttempts, { id: 'i' }, { id: 'i', createdAt: null, takedownAttempts: null }],
  ['takedown attempt', TakedownAttempt, {}, {}],
  ['IncidentHistory', IncidentHistory, { message: 'Approved' }, { message: 'Approved', timestamp: null, author: null }],
  ['IncidentHistoryAuthor', IncidentHistoryAuthor, {}, { type: null, automated: null }],
  ['UserStructure', User, { id: 'u' }, { id: 'u', email: null, roles: null, mfaEnabled: null, createdAt: null, updatedAt: null }],
  ['ClientStructure', Client, { id: 'c' }, { id: 'c', name: null, active: null }],
  ['UsageStructure', Usage, { clientId: 'c' }, { clientId: 'c', clientName: null }],
  ['DocumentStructure', AccountDocument, { id: 'd' }, { id: 'd', clientId: null, docType: null }],
  ['document client', DocumentClient, { id: 'c' }, { id: 'c', name: null }],
  ['document uploadedBy', DocumentUploader, {}, {}],
  ['cursor paging', CursorPaging, {}, { limit: null, count: null }],
  ['page paging', PagePaging, {}, { page: null, limit: null, count: null, total: null, totalPages: null, hasMore: null }],
  ['webhook subscription', WebhookSubscription, { id: 'w' }, { id: 'w', clientId: null, url: null, events: null, active: null, createdAt: null }],
  ['webhook event data', WebhookEventData, { incidentId: 'inc_1' }, { incidentId: 'inc_1' }],
  [
    'webhook event envelope',
    WebhookEvent,
    { id: 'e', event: 'incident.created', timestamp: 't', data: { incidentId: 'inc_1' } },
    { id: 'e', event: 'incident.created', timestamp: 't', data: { incidentId: 'inc_1' } },
  ],
  ['rotate response data', RotatedSecret, { secret: 'whsec_1' }, { secret: 'whsec_1' }],
];

describe('a record is kept when its required core parses', () => {
  it('the core-only table covers every structure of the full table', () => {
    expect(new Set([...coreOnly.map(([, schema]) => schema), DetailedIncident])).toEqual(new Set(full.map(([, schema]) => schema)));
  });

  // On the detail endpoint clientId is always present, so it is expected there: absent reads null.
  it('DetailedIncidentStructure with only its core: expected fields, clientId included, read null', () => {
    expect(DetailedIncident.parse({ id: 'i' })).toStrictEqual({
      id: 'i',
      safeDomain: null,
      incidentType: null,
      source: null,
      status: null,
      timestamp: null,
      incidentClass: null,
      clientId: null,
      history: null,
      incidentState: null,
      blocklists: null,
    });
  });

  it('DetailedIncident without clientId is kept, clientId read as null', () => {
    const { clientId: _dropped, ...rest } = sample.detailedIncident();

    expect(DetailedIncident.parse(rest).clientId).toBeNull();
  });

  it('DetailedIncident with only its core keeps every other expected field as null', () => {
    const { clientId: _unsettled, ...parsed } = DetailedIncident.parse({ id: 'i' });

    expect(parsed).toStrictEqual({
      id: 'i',
      safeDomain: null,
      incidentType: null,
      source: null,
      status: null,
      timestamp: null,
      incidentClass: null,
      history: null,
      incidentState: null,
      blocklists: null,
    });
  });

  it.each(coreOnly)('%s with only its core: expected fields read null, optional ones are absent', (_name, schema, value, read) => {
    const parsed = schema.parse(value) as Record<string, unknown>;

    expect(parsed).toEqual(read);
    // Absent, not present with an undefined value: the keys are exactly those read.
    expect(
      Object.keys(parsed)
        .filter((key) => parsed[key] !== undefined)
        .sort(),
    ).toEqual(Object.keys(read).sort());
  });
});

/**
 * Rejected, and (in zod) for that field: the first issue's path. The service
 * worker's subset of zod (utils/api/zod-subset.ts, tested on this file too)
 * writes no issue list, which no code of the worker reads.
 */
function expectRejectedAt(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[] }[] } }, path: readonly PropertyKey[]) {
  expect(result.success).toBe(false);
  if (process.env.ZOD_SUBSET !== '1') expect(result.error?.issues[0]?.path).toEqual(path);
}

describe('schemas reject what is missing a required field', () => {
  // Their core is `name`; `id` is only expected there.
  const idIsOptional = new Set(['document uploadedBy', 'TypeReference']);
  const withoutId: Row[] = full.filter(([name, , value]) => typeof value.id === 'string' && !idIsOptional.has(name));

  it.each(withoutId)('%s without `id` is rejected', (_name, schema, value) => {
    const { id: _id, ...rest } = value;
    expectRejectedAt(schema.safeParse(rest), ['id']);
  });

  it.each([
    ['ThreatTaxonomy without name', ThreatTaxonomy, { description: 'x' }, 'name'],
    ['TypeReference without name', TypeReference, { id: 't', description: 'x' }, 'name'],
    ['IncidentHistory without message', IncidentHistory, { timestamp: 't', author: 'Service' }, 'message'],
    ['BlocklistListing without authority', BlocklistListing, { type: 'blocklist', status: 'listed', listedAt: null }, 'authority'],
    ['HostingOrigin without ip', HostingOrigin, { abuseEmails: [] }, 'ip'],
    ['HostingProvider without ip', HostingProvider, { isCdn: true, abuseEmails: [] }, 'ip'],
    ['HostingProvider with a number ip', HostingProvider, { ip: 7, isCdn: true, abuseEmails: [] }, 'ip'],
    ['WebhookEvent without event', WebhookEvent, { id: 'e', timestamp: 't', data: { incidentId: 'i' } }, 'event'],
    ['WebhookEvent without timestamp', WebhookEvent, { id: 'e', event: 'incident.created', data: { incidentId: 'i' } }, 'timestamp'],
    ['WebhookEvent without data', WebhookEvent, { id: 'e', event: 'incident.created', timestamp: 't' }, 'data'],
    ['WebhookEventData without incidentId', WebhookEventData, { status: 'closed' }, 'incidentId'],
    ['Client with a number id', Client, { id: 7, name: 'A', active: true }, 'id'],
    ['Usage without clientId', Usage, { clientName: 'A', remainingCredits: 1 }, 'clientId'],
    ['RotatedSecret without secret', RotatedSecret, { message: 'Rotated.' }, 'secret'],
  ] as const)('%s is rejected', (_name, schema, value, field) => {
    expectRejectedAt(schema.safeParse(value), [field]);
  });

  it('WebhookEvent with data missing incidentId, the one reliable field, is rejected', () => {
    expectRejectedAt(WebhookEvent.safeParse({ ...sample.webhookEvent(), data: { status: 'closed' } }), ['data', 'incidentId']);
  });
});

describe('a field outside the core, missing, no longer drops the record', () => {
  it.each<[string, z.ZodMiniType, Record<string, unknown>, string, null | undefined]>([
    ['Incident without status', Incident, sample.incident(), 'status', null],
    ['Incident without incidentClass', Incident, sample.incident(), 'incidentClass', null],
    ['Incident without safeDomain', Incident, sample.incident(), 'safeDomain', null],
    ['DetailedIncident without history', DetailedIncident, sample.detailedIncident(), 'history', null],
    ['DetailedIncident without incidentState', DetailedIncident, sample.detailedIncident(), 'incidentState', null],
    ['User without email', User, sample.user(), 'email', null],
    ['Client without name', Client, sample.client(), 'name', null],
    ['Client without active', Client, sample.client(), 'active', null],
    ['Usage without clientName', Usage, sample.usage(), 'clientName', null],
    ['Usage without remainingCredits', Usage, sample.usage(), 'remainingCredits', undefined],
    ['Document without docType', AccountDocument, sample.accountDocument(), 'docType', null],
    ['Snapshot without incidentId', Snapshot, sample.snapshot(), 'incidentId', null],
    ['TakedownAttempts without createdAt', TakedownAttempts, sample.takedownAttempts(), 'createdAt', null],
    ['TypeReference without id', TypeReference, sample.typeReference(), 'id', null],
    ['BlocklistListing without type', BlocklistListing, sample.blocklisting(), 'type', null],
    ['HostingProvider without isCdn', HostingProvider, sample.hostingProvider(), 'isCdn', null],
    ['WebhookSubscription without url', WebhookSubscription, sample.webhookSubscription(), 'url', null],
    ['WebhookSubscription without clientId', WebhookSubscription, sample.webhookSubscription(), 'clientId', null],
  ])('%s is kept, that field read as %s', (_name, schema, value, field, read) => {
    const { [field]: _dropped, ...rest } = value;
    const parsed = schema.parse(rest) as Record<string, unknown>;

    expect(parsed).toEqual({ ...value, [field]: read });
    expect(parsed[field]).toBe(read);
  });
});
