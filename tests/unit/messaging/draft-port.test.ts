import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { draftIdOfPort, holdDraftOpen } from '@/utils/messaging/draft-port';

/** A port whose disconnect the test fires, as a stopped worker would. */
function fakePort(name: string) {
  const listeners: (() => void)[] = [];
  const port = {
    name,
    onDisconnect: { addListener: (listener: () => void) => listeners.push(listener) },
    disconnect: vi.fn(),
  } as unknown as Browser.runtime.Port;
  return { port, cut: () => listeners.forEach((listener) => listener()) };
}

describe('the draft port', () => {
  it.each([
    ['takedown-reporter:draft:abc-1', 'abc-1'],
    ['takedown-reporter:draft:', null],
    ['other:draft:abc', null],
    ['', null],
  ])('%j names draft %j', (name, id) => {
    expect(draftIdOfPort(name)).toBe(id);
  });

  it('is held open across a stopped worker, and let go when the page says so', () => {
    const ports: ReturnType<typeof fakePort>[] = [];
    const connect = vi.fn((name: string) => {
      ports.push(fakePort(name));
      return ports.at(-1)!.port;
    });
    const stop = holdDraftOpen('d1', connect);
    expect(connect).toHaveBeenCalledWith('takedown-reporter:draft:d1');
    ports[0]!.cut();
    expect(connect).toHaveBeenCalledTimes(2);
    stop();
    expect(ports[1]!.port.disconnect).toHaveBeenCalled();
    ports[1]!.cut();
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
