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
  ['DetailedIncidentStructure', DetailedIncident, { id: 'i', clientId: 'c', safeDomain: 's.example', incidentType: 'email', source: 'CLIENT_REPORTED', status: 'closed', timestamp: 't', incidentClass: 'other', history: [], incidentState: sample.detailedIncident().incidentState, blocklists: [] }],
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

describe('schemas reject what is missing a required field', () => {
  // Their core is `name`; `id` is only expected there.
  const idIsOptional = new Set(['document uploadedBy', 'TypeReference']);
  const withoutId: Row[] = full.filter(([name, , value]) => typeof value.id === 'string' && !idIsOptional.has(name));

  it.each(withoutId)('%s without `id` is rejected', (_name, schema, value) => {
    const { id: _id, ...rest } = value;
    const result = schema.safeParse(rest);

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['id']);
  });

  it.each([
    ['ThreatTaxonomy without name', ThreatTaxonomy, { description: 'x' }, 'name'],
    ['TypeReference without name', TypeReference, { id: 't', description: 'x' }, 'name'],
    ['IncidentHistory without message', IncidentHistory, { timestamp: 't', author: 'Service' }, 'message'],
    ['BlocklistListing without authority', BlocklistListing, { type: 'blocklist', status: 'listed', listedAt: null }, 'authority'],
    ['HostingOrigin without ip', HostingOrigin, { abuseEmails: [] }, 'ip'],
    ['Usage without clientId', Usage, { clientName: 'A', remainingCredits: 1 }, 'clientId'],
    ['RotatedSecret without secret', RotatedSecret, { message: 'Rotated.' }, 'secret'],
  ] as const)('%s is rejected', (_name, schema, value, field) => {
    const result = schema.safeParse(value);

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it.each([
    ['Incident without status', Incident, 'status'],
    ['Incident without incidentClass', Incident, 'incidentClass'],
    ['Incident without safeDomain', Incident, 'safeDomain'],
  ] as const)('%s is kept, the field unknown', (_name, schema, field) => {
    const value: Record<string, unknown> = sample.incident();
    delete value[field];

    expect(schema.parse(value)).toEqual({ ...sample.incident(), [field]: null });
  });

  it('WebhookEventData without incidentId, the one reliable field, is rejected', () => {
    expect(WebhookEventData.safeParse({ status: 'closed' }).success).toBe(false);
  });
});
