import { describe, expect, it } from 'vitest';
import { ReceivedHops } from '@/components/review/received-hops';
import type { ReceivedChain } from '@/utils/email/email-types';
import { useDomWindow } from './dom';

// The sending IPv4 is said to be a provider's relay when it is one, so the
// user does not report Google's server as the phisher's.

const { mount } = useDomWindow();

describe('ReceivedHops', () => {
  it.each<[string, ReceivedChain, string]>([
    ['a sender of its own', { hops: [], originatingIp: '198.51.100.7' }, 'Sent from IPv4 198.51.100.7'],
    [
      'a Google relay',
      { hops: [], originatingIp: '209.85.220.41', originatingRelay: { provider: 'Google', ip: '209.85.220.41' } },
      'Sent from IPv4 209.85.220.41 — a Google relay: the provider’s server, not the sender’s own.',
    ],
    [
      'the sender behind a SendGrid relay',
      { hops: [], originatingIp: '203.0.113.80', originatingRelay: { provider: 'SendGrid', ip: '167.89.1.2' } },
      'Sent from IPv4 203.0.113.80 — sent through a SendGrid relay (167.89.1.2).',
    ],
  ])('says where the email was sent from: %s', (_, chain, said) => {
    const root = mount(<ReceivedHops id="e1" chain={chain} />);
    expect(root.querySelector('p')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(said);
  });
});
