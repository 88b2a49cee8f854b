import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getBackgroundService, type BackgroundService } from '@/utils/messaging/background-service';
import { CALL_CHANNEL } from '@/utils/messaging/protocol';
import { registerBackgroundService } from '@/utils/messaging/serve-pages';
import { sendAsPage, senderOf } from './as-page';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('getBackgroundService, in a page', () => {
  it.each<[string, unknown, string | { value: unknown }]>([
    ['an answer', { ok: true, value: { state: 'not_configured' } }, { value: { state: 'not_configured' } }],
    ['an answer of nothing', { ok: true, value: null }, { value: null }],
    ['a refusal', { ok: false, error: 'refused' }, 'The background refused connection.getStatus'],
    ['a failure', { ok: false, error: 'failed' }, 'The background failed connection.getStatus'],
    ['no answer', undefined, 'No answer from the background to connection.getStatus'],
    ['an answer that is not ours', 'yes', 'No answer from the background to connection.getStatus'],
  ])('sends one call and reads %s', async (_, answer, expected) => {
    const send = vi.fn(async () => answer);
    fakeBrowser.runtime.sendMessage = send as unknown as typeof fakeBrowser.runtime.sendMessage;
    const call = getBackgroundService().connection.getStatus({ live: false });
    if (typeof expected === 'string') await expect(call).rejects.toThrow(new Error(expected));
    else await expect(call).resolves.toEqual(expected.value);
    expect(send).toHaveBeenCalledWith({ channel: CALL_CHANNEL, method: 'connection.getStatus', args: [{ live: false }] });
  });

  it('is not a promise, and neither is an area: awaiting them sends nothing', async () => {
    const send = vi.fn();
    fakeBrowser.runtime.sendMessage = send as unknown as typeof fakeBrowser.runtime.sendMessage;
    const service = getBackgroundService();
    expect(await service).toBe(service);
    const area = service.reports;
    expect(await area).toBe(area);
    expect((service as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
    expect((area as unknown as Record<symbol, unknown>)[Symbol.toPrimitive]).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('registerBackgroundService, in the worker', () => {
  it('answers our pages through the runtime, and logs what it refuses without arguments', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const forget = vi.fn(async () => ({ state: 'not_configured' }));
    registerBackgroundService({ connection: { forget } } as unknown as BackgroundService);

    sendAsPage('options');
    await expect(getBackgroundService().connection.forget()).resolves.toEqual({ state: 'not_configured' });
    sendAsPage('popup');
    await expect(getBackgroundService().connection.forget()).rejects.toThrow('The background refused connection.forget');
    expect(forget).toHaveBeenCalledTimes(1);

    const outside = { id: fakeBrowser.runtime.id, url: 'https://phish.example/' };
    await fakeBrowser.runtime.onMessage.trigger({ channel: CALL_CHANNEL, args: ['sk_live_secret'] }, outside, () => undefined);
    await fakeBrowser.runtime.onMessage.trigger({ channel: CALL_CHANNEL, method: 'reports.submit', args: [] }, senderOf('review'), () => undefined);
    expect(warn.mock.calls).toEqual([
      ['Refused a message (page): connection.forget from popup'],
      ['Refused a message (sender): (no method) from outside the extension'],
      ['Refused a message (arguments): reports.submit from review'],
    ]);
  });
});
