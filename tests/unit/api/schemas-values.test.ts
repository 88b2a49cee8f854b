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
  // Each field with a real value, with null and malformed: the value comes through
  // unchanged, null stays null, and a malformed value reads as null when the
  // field is expected ("unknown") or as absent when it is optional.
  it.each<[string, z.ZodMiniType, Record<string, unknown>, string, 'expected' | 'optional']>([
    ['whois domainAgeDays', Whois, sample.whois(), 'domainAgeDays', 'expected'],
    ['whois isNewDomain', Whois, sample.whois(), 'isNewDomain', 'expected'],
    ['whois isExpired', Whois, sample.whois(), 'isExpired', 'expected'],
    ['certificate isValid', CertificateInsights, sample.certificate(), 'isValid', 'expected'],
    ['insights snapshotTimestamp', IncidentInsights, sample.insights(), 'snapshotTimestamp', 'expected'],
    ['author clientId', IncidentHistoryAuthor, author, 'clientId', 'optional'],
    ['author email', IncidentHistoryAuthor, author, 'email', 'optional'],
    ['blocklist listedAt', BlocklistListing, sample.blocklisting(), 'listedAt', 'expected'],
    ['blocklist link', BlocklistListing, sample.blocklisting(), 'link', 'optional'],
    ['usage clientName', Usage, sample.usage(), 'clientName', 'expected'],
    ['usage remainingCredits', Usage, sample.usage(), 'remainingCredits', 'optional'],
    ['user surname', User, { ...sample.user(), surname: 'Lovelace' }, 'surname', 'optional'],
    ['document client', AccountDocument, sample.accountDocument(), 'client', 'optional'],
    ['document uploadedBy', AccountDocument, sample.accountDocument(), 'uploadedBy', 'optional'],
    ['document signedUrl', AccountDocument, { ...sample.accountDocument(), signedUrl: 'https://files.example/x' }, 'signedUrl', 'optional'],
    ['snapshot description', Snapshot, { ...sample.snapshot(), description: 'Daily' }, 'description', 'expected'],
    ['attempt outcome', TakedownAttempt, attempt, 'outcome', 'optional'],
    ['attempt resolvedAt', TakedownAttempt, attempt, 'resolvedAt', 'optional'],
  ])('%s: a value comes through, null stays null, a malformed value is unknown', (_name, schema, value, field, kind) => {
    const read = (raw: unknown) => schema.parse({ ...value, [field]: raw }) as Record<string, unknown>;

    expect(value[field]).not.toBeNull();
    expect(schema.parse(value)).toEqual(value);
    expect(read(null)).toStrictEqual({ ...(schema.parse(value) as object), [field]: null });
    const malformed = read([{ malformed: true }]);
    if (kind === 'expected') expect(malformed).toStrictEqual({ ...(schema.parse(value) as object), [field]: null });
    else {
      const { [field]: _dropped, ...rest } = schema.parse(value) as Record<string, unknown>;
      expect(malformed).toEqual(rest);
      expect(malformed[field]).toBeUndefined();
    }
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

    expect(result).toEqual({ items: [sample.incident(), { ...sample.incident(), id: 'inc_2' }], skipped: 2 });
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
    const { dns: _dns, ...insightsKept } = sample.insights();
    const { registrar: _registrar, ...detailKept } = detail;

    expect(parsed).toEqual({
      ...detailKept,
      insights: { ...insightsKept, page: { ...sample.page(), linkCount: null }, whois: { ...sample.whois(), isNewDomain: null } },
    });
    expect(parsed.insights?.dns).toBeUndefined();
    expect(parsed.registrar).toBeUndefined();
  });
});
