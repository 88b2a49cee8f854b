import { describe, expect, it } from 'vitest';
import { meteredClients, readCredits, toClientCredits, type ClientCredits, type Credits } from '@/utils/account/credits';

describe('remaining credits, by the spec (UsageStructure)', () => {
  it.each<[unknown, Credits]>([
    [120, { kind: 'number', remaining: 120 }],
    [0, { kind: 'number', remaining: 0 }],
    [-3, { kind: 'number', remaining: -3 }],
    [12.5, { kind: 'number', remaining: 12.5 }],
    ['unlimited', { kind: 'unlimited' }],
    [null, { kind: 'not_metered' }],
    // Not one of the three forms: said as unknown, never guessed.
    [undefined, { kind: 'unknown' }],
    ['Unlimited', { kind: 'unknown' }],
    ['120', { kind: 'unknown' }],
    [Number.POSITIVE_INFINITY, { kind: 'unknown' }],
    [false, { kind: 'unknown' }],
  ])('%j reads as %j', (remaining, credits) => {
    expect(readCredits(remaining)).toEqual(credits);
  });

  it('keeps the client of a usage record, with a null name when it has none', () => {
    expect(toClientCredits({ clientId: 'cl_a', clientName: null, remainingCredits: 'unlimited' })).toEqual({ clientId: 'cl_a', clientName: null, credits: { kind: 'unlimited' } });
  });

  const balances: ClientCredits[] = [
    { clientId: 'cl_a', clientName: 'A', credits: { kind: 'number', remaining: 120 } },
    { clientId: 'cl_b', clientName: 'B', credits: { kind: 'unlimited' } },
    { clientId: 'cl_c', clientName: 'C', credits: { kind: 'not_metered' } },
    { clientId: 'cl_d', clientName: 'D', credits: { kind: 'number', remaining: 0 } },
  ];

  it.each([
    [undefined, ['cl_a', 'cl_d']],
    ['', ['cl_a', 'cl_d']],
    ['cl_a', ['cl_a']],
    ['cl_b', []],
    ['cl_unknown', []],
  ])('the metered clients for the chosen client %j: %j', (clientId, ids) => {
    expect(meteredClients(balances, clientId).map((balance) => balance.clientId)).toEqual(ids);
  });
});
