import { describe, expect, it } from 'vitest';
import {
  BLOCKLIST_STATUSES,
  BLOCKLIST_TYPES,
  INCIDENT_CLASSES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  TAKEDOWN_OUTCOMES,
  WEBHOOK_EVENT_TYPES,
  describeIncidentClass,
  isKnownIncidentStatus,
  isKnownIncidentType,
} from '@/utils/api';

describe('incident vocabulary', () => {
  it.each([
    ['phishing', { known: true, value: 'phishing' }],
    ['brandabuse', { known: true, value: 'brandabuse' }],
    ['other', { known: true, value: 'other' }],
    ['crypto_drainer', { known: false, raw: 'crypto_drainer' }],
    ['n/a', { known: false, raw: 'n/a' }],
    ['Phishing', { known: false, raw: 'Phishing' }],
    ['', { known: false, raw: '' }],
    ['malware', { known: true, value: 'malware' }],
    ['scam', { known: true, value: 'scam' }],
    ['infringement', { known: true, value: 'infringement' }],
  ])('describeIncidentClass(%j)', (value, expected) => {
    expect(describeIncidentClass(value)).toEqual(expected);
  });

  it('knows exactly the eleven status values of the spec, in its order', () => {
    expect(INCIDENT_STATUSES).toEqual([
      'pending_review',
      'case_building',
      'approval_required',
      'takedown_ready',
      'pre_weaponised',
      'takedown_in_progress',
      'takedown_success',
      'takedown_attempt_failed',
      'blocklisted',
      'action_required',
      'closed',
    ]);
  });

  it('knows the spec’s incident types, with domain and ipv4 as seen in answers', () => {
    expect(INCIDENT_TYPES).toEqual(['page', 'email', 'social', 'phone', 'app', 'browser_extension', 'ip_address', 'other', 'domain', 'ipv4']);
  });

  it('knows the six incident classes', () => {
    expect(INCIDENT_CLASSES).toEqual(['phishing', 'malware', 'scam', 'infringement', 'brandabuse', 'other']);
  });

  it('knows the named values of the other open sets', () => {
    expect([INCIDENT_SOURCES, BLOCKLIST_TYPES, BLOCKLIST_STATUSES, TAKEDOWN_OUTCOMES]).toEqual([
      ['CLIENT_REPORTED', 'SERVICE_DETECTED'],
      ['blocklist', 'warning-banner'],
      ['listed', 'submitted'],
      ['success', 'failed', 'not_actionable', 'closed'],
    ]);
    expect(WEBHOOK_EVENT_TYPES).toEqual(['incident.created', 'incident.status_changed', 'incident.history_created', 'incident.takedown_updated', 'incident.action_required', 'webhook.test']);
  });

  it.each(INCIDENT_STATUSES)('isKnownIncidentStatus(%j) is true for every listed value', (value) => {
    expect(isKnownIncidentStatus(value)).toBe(true);
  });

  it.each([
    ['pending_review', true],
    ['takedown_attempt_failed', true],
    ['closed', true],
    ['escalated', false],
    ['Closed', false],
    ['', false],
  ])('isKnownIncidentStatus(%j) is %s', (value, expected) => {
    expect(isKnownIncidentStatus(value)).toBe(expected);
  });

  it.each([
    ['page', true],
    ['ip_address', true],
    ['ipv4', true],
    ['domain', true],
    ['qr_code', false],
    ['Page', false],
    ['', false],
  ])('isKnownIncidentType(%j) is %s', (value, expected) => {
    expect(isKnownIncidentType(value)).toBe(expected);
  });
});
