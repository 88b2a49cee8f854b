import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHORES_AT_ONCE, holdStartChores } from '@/utils/background/start-chores';

// The worker's start chores (issue 43, cold start): held until its first
// answer is out, or until a moment passed when no page calls.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the start chores', () => {
  it('wait for the first answer, then run once each; one added later runs at once', () => {
    const done: string[] = [];
    const chores = holdStartChores(1_000);
    chores.add(() => done.push('recover the outbox'));
    chores.add(() => done.push('check the refresh alarm'));
    expect(done).toEqual([]);
    chores.run();
    chores.run();
    vi.advanceTimersByTime(5_000);
    expect(done).toEqual(['recover the outbox', 'check the refresh alarm']);
    chores.add(() => done.push('late'));
    expect(done).toEqual(['recover the outbox', 'check the refresh alarm', 'late']);
  });

  it('run after the delay when no page calls (a worker woken by an alarm, a menu or a navigation)', () => {
    const done: string[] = [];
    holdStartChores(1_000).add(() => done.push('resend what waited'));
    vi.advanceTimersByTime(999);
    expect(done).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['resend what waited']);
  });

  it('run at once where nothing holds them (a service started alone)', () => {
    const done: string[] = [];
    CHORES_AT_ONCE.add(() => done.push('now'));
    expect(done).toEqual(['now']);
  });
});
