import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_TURN_EVENTS, writeWorkerFloorExtension } from '../../bench/reference-extension.ts';

// The cold start's floor (issue 43) must carry our script without running a
// line of it, listen to the first turn's events, and answer after one read.

const OUR_SCRIPT = 'globalThis.ourCodeRan = true;\nvar background = (function () { return 1; })();';
let dir = '';

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs floor.js against a fake `chrome` that records listeners and reads. */
function runFloor(script: string) {
  const listened: string[] = [];
  const reads: unknown[] = [];
  let onMessage: ((message: unknown, sender: unknown, respond: (answer: unknown) => void) => unknown) | undefined;
  const event = (name: string) => ({
    addListener: (listener: typeof onMessage) => {
      listened.push(name);
      if (name === 'runtime.onMessage') onMessage = listener;
    },
  });
  const namespace = (name: string, events: string[], extra: object = {}) => Object.fromEntries([...events.map((key) => [key, event(`${name}.${key}`)]), ...Object.entries(extra)]);
  const chrome = {
    runtime: namespace('runtime', ['onInstalled', 'onMessage', 'onConnect']),
    alarms: namespace('alarms', ['onAlarm']),
    notifications: namespace('notifications', ['onClicked']),
    contextMenus: namespace('contextMenus', ['onClicked']),
    permissions: namespace('permissions', ['onAdded', 'onRemoved']),
    storage: namespace('storage', ['onChanged'], {
      local: { onChanged: event('storage.local.onChanged'), get: (keys: unknown) => (reads.push(keys), Promise.resolve({})) },
    }),
  };
  const sandbox: Record<string, unknown> = { chrome };
  runInNewContext(script, sandbox);
  return { sandbox, listened, reads, onMessage };
}

describe('writeWorkerFloorExtension', () => {
  it('carries our script whole and never runs it', () => {
    dir = writeWorkerFloorExtension(OUR_SCRIPT);
    const script = readFileSync(path.join(dir, 'floor.js'), 'utf8');
    expect(script).toContain(OUR_SCRIPT);
    const { sandbox } = runFloor(script);
    expect(sandbox.ourCodeRan).toBeUndefined();
    expect(sandbox.background).toBeUndefined();
  });

  it('listens to each first-turn event once, and answers a message after one read', async () => {
    dir = writeWorkerFloorExtension(OUR_SCRIPT);
    const { listened, reads, onMessage } = runFloor(readFileSync(path.join(dir, 'floor.js'), 'utf8'));
    expect([...listened].sort()).toEqual([...FIRST_TURN_EVENTS].sort());
    const answer = new Promise((resolve) => expect(onMessage?.({ ping: true }, {}, resolve)).toBe(true));
    await expect(answer).resolves.toEqual({ ok: true });
    expect(reads).toEqual([['connection', 'apiKey']]);
  });

  it('asks for the permissions its listeners need and names its worker', () => {
    dir = writeWorkerFloorExtension(OUR_SCRIPT);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { permissions: string[]; background: { service_worker: string } };
    expect(manifest.background.service_worker).toBe('floor.js');
    expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'alarms', 'notifications', 'contextMenus']));
  });
});
