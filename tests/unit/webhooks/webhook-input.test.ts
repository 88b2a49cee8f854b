import { describe, expect, it } from 'vitest';
import { checkChanges, checkDeliveryUrl, countSubscriptions } from '@/utils/webhooks/webhook-input';

describe('a delivery URL', () => {
  it.each([
    ['https://hooks.bank.example/incidents', null],
    ['  https://hooks.bank.example/incidents  ', null],
    ['http://127.0.0.1:8080/hooks', null],
    ['http://localhost/hooks', null],
    ['http://[::1]:9000/hooks', null],
    ['http://hooks.bank.example/incidents', 'url_not_https'],
    ['http://127.0.0.1.evil.example/hooks', 'url_not_https'],
    ['ftp://hooks.bank.example/', 'url_not_https'],
    ['hooks.bank.example/incidents', 'url_invalid'],
    ['', 'url_empty'],
    ['   ', 'url_empty'],
    [42, 'url_empty'],
  ])('%j: %s', (url, reason) => {
    expect(checkDeliveryUrl(url)).toBe(reason);
  });
});

describe('changes to a subscription', () => {
  it.each([
    [{}, { ok: true }],
    [{ description: '' }, { ok: true }],
    [{ url: 'http://hooks.example/' }, { ok: false, reason: 'url_not_https', field: 'url' }],
    [{ events: [] }, { ok: false, reason: 'events_empty', field: 'events' }],
    [{ events: [1] }, { ok: false, reason: 'events_empty', field: 'events' }],
    [{ active: 'false' }, { ok: false, reason: 'active_not_boolean', field: 'active' }],
  ])('%j: %j', (changes, check) => {
    expect(checkChanges(changes as never)).toEqual(check);
  });
});

describe('counting a client’s subscriptions', () => {
  const listed = [{ clientId: 'cl_acme' }, { clientId: 'cl_acme' }, { clientId: 'cl_acme_bank' }, { clientId: null }];
  it.each([
    ['cl_acme', 2],
    ['cl_acme_bank', 1],
    ['cl_globex', 0],
    [undefined, 4],
  ])('%s has %i', (clientId, count) => {
    expect(countSubscriptions(listed, clientId)).toBe(count);
  });
});
