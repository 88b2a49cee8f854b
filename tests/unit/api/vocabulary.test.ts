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
  ])('isKnownIncidentType(%j) is %s', (value, expected) => {
    expect(isKnownIncidentType(value)).toBe(expected);
  });
});
