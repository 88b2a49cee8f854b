import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { refreshFailuresOf, refreshStateItem, type RefreshState } from '@/utils/storage/refresh-state';

const GOOD = { id: 'inc_1', problem: { kind: 'server_error', status: 500 }, failures: 2, failedAt: '2026-11-22T12:00:00.000Z', retryAt: '2026-11-22T12:10:00.000Z' };

describe('the refresh state’s per-incident failures', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('reads a state stored before the field existed as having none', async () => {
    await fakeBrowser.storage.local.set({ refreshState: { lastSuccessAt: '2026-11-22T12:00:00.000Z', missingIds: ['inc_gone'] } });
    expect(refreshFailuresOf(await refreshStateItem.getValue())).toEqual([]);
  });

  it.each([null, 'inc_1', 3, { id: 'inc_1' }])('reads an unreadable list (%j) as none', (failedIds) => {
    expect(refreshFailuresOf({ failedIds } as unknown as RefreshState)).toEqual([]);
  });

  it('drops an entry without an id or a problem alone, and keeps the others', async () => {
    const failedIds = [GOOD, { problem: GOOD.problem, failures: 1 }, { id: 'inc_2', problem: { kind: 'no_such_kind' } }, null, 'inc_3', { ...GOOD, id: '..' }];
    await fakeBrowser.storage.local.set({ refreshState: { lastSuccessAt: '2026-11-22T12:00:00.000Z', failedIds } });
    expect(refreshFailuresOf(await refreshStateItem.getValue())).toEqual([GOOD, { ...GOOD, id: '..' }]);
  });

  it('drops a malformed optional field alone: a bad time is not kept, a bad count counts one failure', () => {
    const failedIds = [
      { ...GOOD, failedAt: 'yesterday', retryAt: null, failures: 'many' },
      { ...GOOD, id: 'inc_2', failures: 0 },
      { ...GOOD, id: 'inc_3', failures: 1.5 },
    ];
    expect(refreshFailuresOf({ failedIds } as unknown as RefreshState)).toEqual([
      { id: 'inc_1', problem: GOOD.problem, failures: 1 },
      { ...GOOD, id: 'inc_2', failures: 1 },
      { ...GOOD, id: 'inc_3', failures: 1 },
    ]);
  });
});
