import { describe, expect, it, vi } from 'vitest';
import { earlyRead } from '@/components/ui/early-read';

describe('earlyRead', () => {
  it('a read started early is the one taken, once; the next take reads anew', async () => {
    const read = vi.fn(async () => read.mock.calls.length);
    const early = earlyRead(read);
    const started = early.start();
    early.start();
    expect(read).toHaveBeenCalledTimes(1);
    expect(early.take()).toBe(started);
    expect(await early.take()).toBe(2);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('peek answers only what has arrived and was not taken', async () => {
    let arrive: (value: string) => void = () => undefined;
    const early = earlyRead(() => new Promise<string>((resolve) => (arrive = resolve)));
    expect(early.peek()).toBeUndefined();
    const started = early.start();
    expect(early.peek()).toBeUndefined();
    arrive('saved');
    await started;
    expect(early.peek()).toBe('saved');
    await early.take();
    expect(early.peek()).toBeUndefined();
  });

  it('start may read another way; take without start uses the usual read', async () => {
    const early = earlyRead(async () => 'usual');
    expect(await early.start(async () => 'other')).toBe('other');
    expect(await early.take()).toBe('other');
    expect(await early.take()).toBe('usual');
  });
});
