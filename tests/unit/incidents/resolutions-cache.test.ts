import { describe, expect, it, vi } from 'vitest';
import type { ParsedItems } from '@/utils/api/schemas/lenient';
import type { TakedownAttempts } from '@/utils/api/schemas/resolution';
import { createResolutionsCache, RESOLUTIONS_MAX_AGE_MS } from '@/utils/incidents/resolutions-cache';
import { readIncidentExtras } from '@/utils/incidents/incident-service';

// The account's resolutions list (no per-incident parameter) is read once and
// serves every incident opened meanwhile (issue 19: large accounts).

const LIST: ParsedItems<TakedownAttempts> = {
  items: [
    { id: 'inc_1', createdAt: null, takedownAttempts: [{ startedAt: '2026-11-01T00:00:00Z', resolvedAt: null, outcome: null }] },
    { id: 'inc_2', createdAt: null, takedownAttempts: [] },
    { id: 'inc_1', createdAt: null, takedownAttempts: [{ startedAt: '2026-11-02T00:00:00Z', resolvedAt: '2026-11-03T00:00:00Z', outcome: 'success' }] },
  ],
  skipped: 0,
};

describe('the resolutions cache', () => {
  it('reads the list once for many incidents, also when asked for them at once', async () => {
    const read = vi.fn(async () => LIST);
    const cache = createResolutionsCache(read);
    const [one, two, none] = await Promise.all([cache.attemptsOf('inc_1'), cache.attemptsOf('inc_2'), cache.attemptsOf('inc_3')]);
    expect(one?.map((attempt) => attempt.outcome)).toEqual([null, 'success']);
    expect(two).toEqual([]);
    expect(none).toBeUndefined();
    await cache.attemptsOf('inc_1');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads it again once its reading is older than the refresh period, or when told to forget', async () => {
    let now = 0;
    const read = vi.fn(async () => LIST);
    const cache = createResolutionsCache(read, RESOLUTIONS_MAX_AGE_MS, () => now);
    await cache.attemptsOf('inc_1');
    now = RESOLUTIONS_MAX_AGE_MS - 1;
    await cache.attemptsOf('inc_1');
    expect(read).toHaveBeenCalledTimes(1);
    now = RESOLUTIONS_MAX_AGE_MS;
    await cache.attemptsOf('inc_1');
    expect(read).toHaveBeenCalledTimes(2);
    cache.forget();
    await cache.attemptsOf('inc_1');
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps no failed reading: the next call reads again', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(LIST);
    const cache = createResolutionsCache(read);
    await expect(cache.attemptsOf('inc_1')).rejects.toThrow('offline');
    expect(await cache.attemptsOf('inc_2')).toEqual([]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('tells "not in the resolutions list" from "no attempt recorded" in an incident’s extras', async () => {
    const api = { listResolutions: vi.fn(async () => LIST), listSnapshots: vi.fn(async () => ({ items: [], skipped: 0 })) };
    const cache = createResolutionsCache(api.listResolutions);
    const extras = (id: string) => readIncidentExtras(api as never, id, cache);
    expect((await extras('inc_2')).attempts).toEqual({ ok: true, listed: true, items: [] });
    expect((await extras('inc_9')).attempts).toEqual({ ok: true, listed: false, items: [] });
    expect(api.listResolutions).toHaveBeenCalledTimes(1);
  });
});
