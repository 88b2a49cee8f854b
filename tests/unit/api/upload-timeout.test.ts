import { describe, expect, it } from 'vitest';
import { reportEndpoints, uploadTimeout } from '@/utils/api/reports';
import type { SendRequest } from '@/utils/api/request';

const file = (bytes: number, name = 'evidence.png') => Object.assign(new Blob([new Uint8Array(bytes)], { type: 'image/png' }), { name });

describe('an upload is given time by its size (a 10 MB report on a slow line is not cut off as "maybe sent")', () => {
  it.each([
    ['no file', 0, [0, 2_000]],
    ['a 50 KB screenshot', 50_000, [8_400, 8_500]],
    ['a 9.9 MB report', 9_900_000, [87_000, 88_000]],
  ])('%s', (_name, bytes, [low, high]) => {
    const timeout = uploadTimeout(8_000, { url: 'https://evil.example/' }, bytes ? [file(bytes)] : []);
    expect(timeout).toBeGreaterThanOrEqual(Math.max(low!, 8_000));
    expect(timeout).toBeLessThan(high! + 8_000);
  });

  it('the report and attach requests carry that timeout, not the bare base', async () => {
    const timeouts: (number | undefined)[] = [];
    const send: SendRequest = async (_path, options) => {
      timeouts.push(options?.timeoutMs);
      return { status: 200, body: { id: 'inc_1' } } as never;
    };
    const endpoints = reportEndpoints(send, 8_000);
    await endpoints.reportForTakedown({ url: 'https://evil.example/', attachments: [file(5_000_000)] });
    await endpoints.attachFiles('inc_1', [file(5_000_000)]);
    expect(timeouts).toHaveLength(2);
    for (const timeout of timeouts) expect(timeout).toBeGreaterThan(48_000);
  });
});
