import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectToService } from '@/components/connection/connect';
import { describeConnectionFailure } from '@/utils/connection/problems';
import type { BackgroundService } from '@/utils/messaging/background-service';
import { registerBackgroundService } from '@/utils/messaging/serve-pages';
import { sendAsPage } from '../messaging/as-page';
import type { Problem } from '@/utils/problems/kinds';

describe('the options page saves through the typed background service', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('connectToService, with its default dependencies, calls connection.save in the background', async () => {
    const save = vi.fn(async () => ({ ok: false as const, field: null, problem: { kind: 'network' as const } }));
    registerBackgroundService({ connection: { save }, reports: {} } as unknown as BackgroundService);
    fakeBrowser.permissions.request = vi.fn(async () => true);
    sendAsPage('options');

    const result = await connectToService({ baseUrl: 'https://api.example.com', apiKey: 'key_12345678', hasSavedKey: false });

    expect(save).toHaveBeenCalledWith({ baseUrl: 'https://api.example.com', apiKey: 'key_12345678' });
    expect(result).toEqual({ ok: false, field: null, problem: { kind: 'network' } });
  });
});

describe('describeConnectionFailure', () => {
  const origin = 'https://api.example.com';
  it.each<[string, Problem, string | null, Problem]>([
    ['a refused key', { kind: 'unauthorized', status: 401 }, 'apiKey', { kind: 'key_rejected', origin }],
    ['nothing answering', { kind: 'network' }, 'baseUrl', { kind: 'unreachable', origin }],
    ['a 404', { kind: 'not_found', status: 404 }, 'baseUrl', { kind: 'not_the_api', origin, status: 404 }],
    ['an unreadable answer', { kind: 'unexpected_response', status: 200, refusal: 'not_json' }, 'baseUrl', { kind: 'not_the_api', origin, status: 200 }],
    ['an unreadable answer without status', { kind: 'unexpected_response' }, 'baseUrl', { kind: 'not_the_api', origin }],
    ['a missing permission', { kind: 'permission_missing', origin }, 'baseUrl', { kind: 'permission_missing', origin }],
    ['a bad saved URL', { kind: 'invalid_input', reason: 'url_invalid' }, 'baseUrl', { kind: 'invalid_input', reason: 'url_invalid' }],
    ['a rate limit', { kind: 'rate_limited', retryAfterSeconds: 3 }, null, { kind: 'rate_limited', retryAfterSeconds: 3 }],
    ['a server error', { kind: 'server_error', status: 502 }, null, { kind: 'server_error', status: 502 }],
    ['not configured', { kind: 'not_configured' }, null, { kind: 'not_configured' }],
  ])('%s', (_name, problem, field, expected) => {
    expect(describeConnectionFailure(problem, origin)).toEqual({ field, problem: expected });
  });
});
