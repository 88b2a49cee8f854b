import { describe, expect, it } from 'vitest';
import type { Address } from 'postal-mime';
import { toMailboxes } from '@/utils/email/header-fields';
import type { Mailbox } from '@/utils/email/email-types';

// A .msg's recipients come as fields, not as a header to read: each kept
// with a clean address, a group's members listed, what is no address left out.

describe('toMailboxes', () => {
  it.each<[string, Address[] | undefined, Mailbox[]]>([
    ['none given', undefined, []],
    ['a mailbox, its address cleaned', [{ name: 'Jane', address: ' jane@example.com\u00a0' }], [{ name: 'Jane', address: 'jane@example.com' }]],
    ['what is no address, left out', [{ name: 'Undisclosed', address: 'undisclosed' }], []],
    [
      'a group, its members',
      [
        {
          name: 'Team',
          group: [
            { name: 'A', address: 'a@example.com' },
            { name: 'B', address: 'b@example.com' },
          ],
        },
      ],
      [
        { name: 'A', address: 'a@example.com' },
        { name: 'B', address: 'b@example.com' },
      ],
    ],
  ])('%s', (_name, addresses, expected) => {
    expect(toMailboxes(addresses)).toEqual(expected);
  });
});
