import { describe, expect, it } from 'vitest';
import {
  INCIDENT_STATUSES,
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
  ])('describeIncidentClass(%j)', (value, expected) => {
    expect(describeIncidentClass(value)).toEqual(expected);
  });

  it('knows the eleven status values', () => {
    expect(INCIDENT_STATUSES).toHaveLength(11);
    expect(INCIDENT_STATUSES.every(isKnownIncidentStatus)).toBe(true);
  });

  it.each([
    ['pending_review', true],
    ['takedown_attempt_failed', true],
    ['escalated', false],
  ])('isKnownIncidentStatus(%j) is %s', (value, expected) => {
    expect(isKnownIncidentStatus(value)).toBe(expected);
  });

  it.each([
    ['page', true],
    ['ip_address', true],
    ['ipv4', true],
    ['domain', true],
    ['qr_code', false],
  ])('isKnownIncidentType(%j) is %s', (value, expected) => {
    expect(isKnownIncidentType(value)).toBe(expected);
  });
});
