import { describe, expect, it } from 'vitest';
import { authorKind, flagLabel, formatWhen, newestFirst, statusMeaning, statusTone } from '@/components/incident/incident-format';
import { incidentKeyOf } from '@/components/incident/incident-page';

describe('incident wording', () => {
  it.each([
    ['takedown_success', 'done', 'Taken down successfully.'],
    ['blocklisted', 'done', 'Blocklisted; no takedown was performed.'],
    ['takedown_attempt_failed', 'bad', 'A takedown was attempted and failed.'],
    ['approval_required', 'needs_you', 'The takedown waits for your approval.'],
    ['action_required', 'needs_you', 'The service waits for an action from you.'],
    ['case_building', 'progress', 'An analyst is reviewing it, choosing a plan and gathering evidence.'],
    ['pre_weaponised', 'neutral', 'Placed into monitoring.'],
    ['under_legal_review', 'neutral', null],
    [null, 'neutral', null],
  ] as const)('status %j: tone %s, meaning %j', (status, tone, meaning) => {
    expect([statusTone(status), statusMeaning(status)]).toEqual([tone, meaning]);
  });

  // Types and classes in words: tests/unit/incidents/incident-words.test.ts (the one vocabulary).

  it.each([
    [true, 'Yes'],
    [false, 'No'],
    [null, 'undetermined'],
    [undefined, 'undetermined'],
  ])('flag %j reads %s: null is never "no"', (value, label) => {
    expect(flagLabel(value)).toBe(label);
  });

  it.each([
    ['Service System', 'system'],
    ['Service', 'analyst'],
    ['Client (soc@acme.example)', 'client'],
    ['Client (Client)', 'client'],
    ['Partner bot', 'other'],
    [null, 'other'],
  ] as const)('author %j is %s', (author, kind) => {
    expect(authorKind(author)).toBe(kind);
  });

  it('gives a time relative and absolute, and an unreadable one as written', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatWhen('2026-11-19T12:00:00Z', now)).toMatch(/^3 days ago \(.+\)$/);
    expect(formatWhen('2026-11-22T11:58:00Z', now)).toMatch(/^2 minutes ago \(/);
    expect(formatWhen('2026-11-22T12:00:00Z', now)).toMatch(/^now \(/);
    expect(formatWhen('soon', now)).toBe('soon');
    expect(formatWhen(null, now)).toBeNull();
  });

  it.each([
    ['#inc_123', { id: 'inc_123' }],
    ['#a%2Fb', { id: 'a/b' }],
    ['#subject=refunds%40acme.example', { subject: 'refunds@acme.example' }],
    ['#subject=', null],
    ['#', null],
    ['', null],
  ])('the full page reads %j as %j', (hash, key) => {
    expect(incidentKeyOf(hash)).toEqual(key);
  });
});

describe('the history, newest first', () => {
  const at = (timestamp: string | null, message: string) => ({ timestamp, message, author: 'Service' });
  it.each([
    ['oldest first from the service', [at('2026-11-01T10:00:00.000Z', 'a'), at('2026-11-02T10:00:00.000Z', 'b'), at('2026-11-03T10:00:00.000Z', 'c')], ['c', 'b', 'a']],
    ['mixed', [at('2026-11-02T10:00:00.000Z', 'b'), at('2026-11-03T10:00:00.000Z', 'c'), at('2026-11-01T10:00:00.000Z', 'a')], ['c', 'b', 'a']],
    ['already newest first', [at('2026-11-03T10:00:00.000Z', 'c'), at('2026-11-01T10:00:00.000Z', 'a')], ['c', 'a']],
    ['equal times keep the service order', [at('2026-11-01T10:00:00.000Z', 'x'), at('2026-11-01T10:00:00.000Z', 'y'), at('2026-11-02T10:00:00.000Z', 'z')], ['z', 'x', 'y']],
    ['unreadable times last, as sent', [at('soon', 'u1'), at('2026-11-01T10:00:00.000Z', 'a'), at(null, 'u2'), at('2026-11-02T10:00:00.000Z', 'b')], ['b', 'a', 'u1', 'u2']],
    ['seconds apart, across time zones', [at('2026-11-01T10:00:01.000Z', 'later'), at('2026-11-01T11:00:00.000+01:00', 'earlier')], ['later', 'earlier']],
  ])('%s', (_name, history, order) => {
    expect(newestFirst(history).map((entry) => entry.message)).toEqual(order);
  });

  it('does not change the list it was given', () => {
    const history = [at('2026-11-01T10:00:00.000Z', 'a'), at('2026-11-02T10:00:00.000Z', 'b')];
    newestFirst(history);
    expect(history.map((entry) => entry.message)).toEqual(['a', 'b']);
  });
});
