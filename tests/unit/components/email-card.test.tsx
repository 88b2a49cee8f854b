import { describe, expect, it } from 'vitest';
import { EmailCard } from '@/components/review/email-card';
import { analyseEmail } from '@/utils/email/analyse-email';
import { headersOf, mailbox, messageOf } from '../email/message';
import { useDomWindow } from './dom';

// What the review window shows of a spoofing email: hidden characters made
// visible where they stand, with a warning; a sender's own authentication
// results never green.

const { mount } = useDomWindow();

const SPOOF = messageOf({
  subject: 'Your parcel \u200Bis waiting',
  from: mailbox('x@evil.example', '\u202Emoc.knabelpmaxe@troppus'),
  attachments: [{ name: 'invoice\u202Efdp.exe', type: 'application/octet-stream', size: 2048, sha256: 'a'.repeat(64) }],
  headers: headersOf(
    'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx.example.net (Postfix) with ESMTPS id 4Xk2; Mon, 23 Nov 2026 09:14:05 +0000',
    'Authentication-Results: mx.google.com; spf=pass smtp.mailfrom=examplebank.com; dmarc=pass header.from=examplebank.com',
  ),
});

const card = () => mount(<EmailCard id="e1" fileName="spoof.eml" analysis={analyseEmail(SPOOF, { ownDomains: ['examplebank.com'] })} onRemove={() => {}} locked={false} />);

describe('the email card', () => {
  it.each([
    ['the subject', 'h2', 'Your parcel ⟨U+200B⟩is waiting'],
    ['From', '.email-headers dd', '⟨U+202E⟩moc.knabelpmaxe@troppus <x@evil.example>'],
    ['the attachment name', '.email-attachments strong', 'invoice⟨U+202E⟩fdp.exe'],
  ])('shows the hidden characters of %s', (_, selector, text) => {
    expect(card().querySelector(selector)?.textContent).toBe(text);
  });

  it('warns of each field that hides characters', () => {
    const kinds = Array.from(card().querySelectorAll('.email-warning[data-kind="hidden_characters"]'), (item) => item.textContent);
    expect(kinds).toEqual([
      'The sender “⟨U+202E⟩moc.knabelpmaxe@troppus <x@evil.example>” holds invisible or direction-changing characters, shown here as ⟨U+…⟩: a mail client shows it as something else.',
      'The subject holds invisible or direction-changing characters, shown here as ⟨U+…⟩: “Your parcel ⟨U+200B⟩is waiting”. A mail client shows it as something else.',
      'The attachment name “invoice⟨U+202E⟩fdp.exe” holds invisible or direction-changing characters, shown here as ⟨U+…⟩: a mail client shows another name, and may hide its real extension.',
    ]);
  });

  it('shows the results a sender wrote as unverified, never green', () => {
    const results = Array.from(card().querySelectorAll('.email-auth-results li'), (item) => [item.getAttribute('data-tone'), item.textContent]);
    expect(results).toEqual([
      ['neutral', 'SPF pass (smtp.mailfrom=examplebank.com) — unverified: written by mx.google.com, not shown to be the receiving server'],
      ['neutral', 'DMARC pass (header.from=examplebank.com) — unverified: written by mx.google.com, not shown to be the receiving server'],
    ]);
  });
});
