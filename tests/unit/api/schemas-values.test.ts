import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  AccountDocument,
  BlocklistListing,
  CertificateInsights,
  DetailedIncident,
  Incident,
  IncidentHistoryAuthor,
  IncidentInsights,
  Snapshot,
  TakedownAttempt,
  Usage,
  WhoisInsights,
  User,
  WebhookEvent,
  WebhookSubscription,
  parseEach,
} from '@/utils/api';
import * as sample from './fixtures';

const Whois = WhoisInsights;

describe('null means undetermined and stays null', () => {
  const author = { type: 'client', clientId: 'client-a', email: 'a@b.example', automated: false };
  const attempt = sample.takedownAttempts().takedownAttempts[0]!;
  // Each field with a real value and with null: the value comes through, null stays null.
  it.each<[string, z.ZodMiniType, Record<string, unknown>, string]>([
    ['whois domainAgeDays', Whois, sample.whois(), 'domainAgeDays'],
    ['whois isNewDomain', Whois, sample.whois(), 'isNewDomain'],
    ['whois isExpired', Whois, sample.whois(), 'isExpired'],
    ['certificate isValid', CertificateInsights, sample.certificate(), 'isValid'],
    ['insights snapshotTimestamp', IncidentInsights, sample.insights(), 'snapshotTimestamp'],
    ['author clientId', IncidentHistoryAuthor, author, 'clientId'],
    ['author email', IncidentHistoryAuthor, author, 'email'],
    ['blocklist listedAt', BlocklistListing, sample.blocklisting(), 'listedAt'],
    ['blocklist link', BlocklistListing, sample.blocklisting(), 'link'],
    ['usage clientName', Usage, sample.usage(), 'clientName'],
    ['usage remainingCredits', Usage, sample.usage(), 'remainingCredits'],
    ['user surname', User, { ...sample.user(), surname: 'Lovelace' }, 'surname'],
    ['document client', AccountDocument, sample.accountDocument(), 'client'],
    ['document uploadedBy', AccountDocument, sample.accountDocument(), 'uploadedBy'],
    ['document signedUrl', AccountDocument, { ...sample.accountDocument(), signedUrl: 'https://files.example/x' }, 'signedUrl'],
    ['snapshot description', Snapshot, { ...sample.snapshot(), description: 'Daily' }, 'description'],
    ['attempt outcome', TakedownAttempt, attempt, 'outcome'],
    ['attempt resolvedAt', TakedownAttempt, attempt, 'resolvedAt'],
  ])('%s: a value comes through, null is kept as null', (_name, schema, value, field) => {
    expect(value[field]).not.toBeNull();
    expect((schema.parse(value) as Record<string, unknown>)[field]).toEqual(value[field]);
    expect((schema.parse({ ...value, [field]: null }) as Record<string, unknown>)[field]).toBeNull();
  });

  it('whois with every undetermined value keeps all three as null, not false', () => {
    const parsed = Whois.parse({ domainAgeDays: null, isNewDomain: null, isExpired: null });

    expect(parsed).toEqual({ domainAgeDays: null, isNewDomain: null, isExpired: null });
  });

  it.each([
    ['isNewDomain "false"', { ...sample.whois(), isNewDomain: 'false' }, 'isNewDomain'],
    ['domainAgeDays "9"', { ...sample.whois(), domainAgeDays: '9' }, 'domainAgeDays'],
    ['isExpired 0', { ...sample.whois(), isExpired: 0 }, 'isExpired'],
    ['isExpired "true"', { ...sample.whois(), isExpired: 'true' }, 'isExpired'],
  ] as const)('nothing is coerced: %s reads as unknown, the rest is kept', (_name, value, field) => {
    expect(Whois.parse(value)).toEqual({ ...sample.whois(), [field]: null });
  });
});

describe('open sets keep new values', () => {
  it.each([
    ['incidentType qr_code', () => Incident.parse({ ...sample.incident(), incidentType: 'qr_code' }).incidentType, 'qr_code'],
    ['a new status', () => Incident.parse({ ...sample.incident(), status: 'escalated' }).status, 'escalated'],
    ['a new source', () => Incident.parse({ ...sample.incident(), source: 'PARTNER_FEED' }).source, 'PARTNER_FEED'],
    ['blocklist authority NewPartner', () => BlocklistListing.parse({ ...sample.blocklisting(), authority: 'NewPartner' }).authority, 'NewPartner'],
    ['blocklist type dns-sinkhole', () => BlocklistListing.parse({ ...sample.blocklisting(), type: 'dns-sinkhole' }).type, 'dns-sinkhole'],
    ['docType passport', () => AccountDocument.parse({ ...sample.accountDocument(), docType: 'passport' }).docType, 'passport'],
    ['user role auditor', () => User.parse({ ...sample.user(), roles: ['auditor'] }).roles?.[0], 'auditor'],
    ['event incident.deleted', () => WebhookEvent.parse({ ...sample.webhookEvent(), event: 'incident.deleted' }).event, 'incident.deleted'],
    ['lastDeliveryStatus retrying', () => WebhookSubscription.parse({ ...sample.webhookSubscription(), lastDeliveryStatus: 'retrying' }).lastDeliveryStatus, 'retrying'],
    ['remainingCredits unlimited', () => Usage.parse({ ...sample.usage(), remainingCredits: 'unlimited' }).remainingCredits, 'unlimited'],
    ['remainingCredits trial', () => Usage.parse({ ...sample.usage(), remainingCredits: 'trial' }).remainingCredits, 'trial'],
    ['remainingCredits stays a number', () => Usage.parse(sample.usage()).remainingCredits, 42],
    ['unknown incidentClass is kept raw', () => Incident.parse({ ...sample.incident(), incidentClass: 'crypto_drainer' }).incidentClass, 'crypto_drainer'],
    ['webhook incidentClass n/a', () => WebhookEvent.parse(sample.webhookEvent()).data.incidentClass, 'n/a'],
    ['waitForClient reason string', () => WebhookEvent.parse({ ...sample.webhookEvent(), data: { incidentId: 'i', waitForClient: 'Send the LOA' } }).data.waitForClient, 'Send the LOA'],
  ])('%s', (_name, read, expected) => {
    expect(read()).toEqual(expected);
  });
});

describe('statusVerbose is deprecated and of any type', () => {
  it.each([
    ['a string', 'pending_review'],
    ['a number', 3],
    ['an object', { value: 'pending_review', label: 'Pending review' }],
    ['an array', ['pending_review']],
    ['null', null],
  ])('accepts %s and keeps it as sent', (_name, statusVerbose) => {
    expect(Incident.parse({ ...sample.incident(), statusVerbose }).statusVerbose).toEqual(statusVerbose);
  });

  it('accepts its absence', () => {
    const { statusVerbose: _unused, ...value } = sample.incident();

    expect(Incident.parse(value)).not.toHaveProperty('statusVerbose');
  });
});

describe('dates stay the strings the service sent', () => {
  it.each(['2026-03-01T10:00:00.000Z', '2026-03-01', '01/03/2026 10:00', ''])('timestamp %j is kept as a string', (timestamp) => {
    expect(Incident.parse({ ...sample.incident(), timestamp }).timestamp).toBe(timestamp);
  });
});

describe('one malformed entry never hides the rest', () => {
  it('parseEach keeps the valid items and counts the skipped', () => {
    const { id: _id, ...broken } = sample.incident();
    const result = parseEach(Incident, [sample.incident(), broken, 'not an object', { ...sample.incident(), id: 'inc_2' }]);

    expect(result.items.map((item) => item.id)).toEqual(['inc_01HZX', 'inc_2']);
    expect(result.skipped).toBe(2);
  });

  it('a detail with one malformed history entry and blocklisting keeps the others', () => {
    const value = sample.detailedIncident();
    const good = [...value.history];
    value.history.push({ timestamp: 't' } as never);
    value.blocklists.push({ authority: 42 } as never);
    const parsed = DetailedIncident.parse(value);

    expect(parsed.history).toEqual(good);
    expect(parsed.blocklists).toEqual([sample.blocklisting()]);
  });

  it('a detail carrying the list-form taxonomy is kept', () => {
    const parsed = DetailedIncident.parse({ ...sample.detailedIncident(), threatTaxonomy: { name: 'Scam', description: '' } });

    expect(parsed.threatTaxonomy).toEqual({ name: 'Scam', description: '' });
  });

  it('snapshot raw records keep their free-form inner keys', () => {
    expect(Snapshot.parse(sample.snapshot()).dns).toEqual({ A: [{ address: '203.0.113.7', ttl: 300 }] });
  });
});

describe('a malformed optional part never hides the incident', () => {
  it('drops a malformed insights category as "not captured" and keeps the rest', () => {
    const detail = sample.detailedIncident();
    const parsed = DetailedIncident.parse({
      ...detail,
      insights: { ...sample.insights(), dns: 'A', page: { ...sample.page(), linkCount: 'many' }, whois: { ...sample.whois(), isNewDomain: null } },
      registrar: 'Evil Registrar',
    });
    expect(parsed.insights?.dns).toBeUndefined();
    expect(parsed.insights?.page).toEqual({ ...sample.page(), linkCount: null });
    expect(parsed.insights?.whois?.isNewDomain).toBeNull();
    expect(parsed.insights?.certificate).toEqual(sample.insights().certificate);
    expect(parsed.registrar).toBeUndefined();
    expect(parsed.id).toBe(detail.id);
  });
});
