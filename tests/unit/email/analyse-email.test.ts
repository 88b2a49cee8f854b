import { describe, expect, it } from 'vitest';
import { analyseEmail } from '@/utils/email/analyse-email';
import { FINDINGS_MAX } from '@/utils/email/email-indicators';
import type { EmailMessage } from '@/utils/email/email-types';
import { headersOf, mailbox, messageOf } from './message';

const PHISH = messageOf({
  subject: 'Your account is locked',
  from: mailbox('security@examp1ebank.com', 'Example Bank'),
  to: [mailbox('alice@examplebank.com')],
  replyTo: [mailbox('unlock@evil.example')],
  returnPath: 'bounce@examp1ebank.com',
  headers: headersOf(
    'Authentication-Results: mx.examplebank.com; spf=pass smtp.mailfrom=bounce@examp1ebank.com; dkim=none; dmarc=pass header.from=examp1ebank.com',
    'Received: from mail.examp1ebank.com (mail.examp1ebank.com [198.51.100.7]) by mx.examplebank.com (Postfix) with ESMTPS id 4T; Tue, 2 Jan 2024 10:00:00 +0000',
  ),
  links: [{ href: 'https://login.examp1ebank.com/unlock', text: 'https://www.examplebank.com/unlock', in: 'html' }],
  text: 'Unlock your account at https://www.examplebank.com/unlock within 24 hours.',
  notes: [{ kind: 'text_capped', kept: 100 }],
});

describe('analyseEmail', () => {
  it.each([
    ['an own domain', ['examplebank.com'], true],
    ['no own domain', [], false],
  ])('trusts the results of a server of the own domains, with no Received header to tell the receiving side: %s', (_, ownDomains, trusted) => {
    const message = messageOf({ headers: headersOf('Authentication-Results: mx.examplebank.com; dmarc=fail header.from=examplebank.com') });
    expect(analyseEmail(message, { ownDomains }).auth).toEqual([{ method: 'dmarc', result: 'fail', detail: 'header.from=examplebank.com', by: 'mx.examplebank.com', trusted }]);
  });

  it('reads, finds and warns of everything in a phishing email', () => {
    const analysis = analyseEmail(PHISH, { ownDomains: ['examplebank.com'] });
    expect(analysis.message).toBe(PHISH);
    expect(analysis.auth).toEqual([
      { method: 'spf', result: 'pass', detail: 'smtp.mailfrom=bounce@examp1ebank.com', by: 'mx.examplebank.com', trusted: true },
      { method: 'dkim', result: 'none', by: 'mx.examplebank.com', trusted: true },
      { method: 'dmarc', result: 'pass', detail: 'header.from=examp1ebank.com', by: 'mx.examplebank.com', trusted: true },
    ]);
    expect(analysis.received).toEqual({
      hops: [{ fromHost: 'mail.examp1ebank.com', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTPS', at: '2024-01-02T10:00:00.000Z', raw: PHISH.headers[1]!.value }],
      originatingIp: '198.51.100.7',
    });
    expect(analysis.warnings).toEqual([
      { kind: 'display_name_brand', name: 'Example Bank', brand: 'examplebank.com', domain: 'examp1ebank.com' },
      { kind: 'reply_to_elsewhere', replyTo: 'unlock@evil.example', fromDomain: 'examp1ebank.com' },
      { kind: 'link_text_mismatch', text: 'https://www.examplebank.com/unlock', shownDomain: 'www.examplebank.com', targetDomain: 'login.examp1ebank.com' },
      { kind: 'lookalike', domain: 'examp1ebank.com', like: 'examplebank.com', how: 'homoglyph' },
      { kind: 'lookalike', domain: 'login.examp1ebank.com', like: 'examplebank.com', how: 'homoglyph' },
    ]);
    expect(analysis.findings.map(({ check, where }) => `${check.ok ? `${check.indicator.type} ${check.indicator.value}` : '✗'} ← ${where.join(',')}`)).toEqual([
      'email security@examp1ebank.com ← from',
      'domain examp1ebank.com ← from,return_path',
      'email unlock@evil.example ← reply_to',
      'domain evil.example ← reply_to',
      'email bounce@examp1ebank.com ← return_path',
      'url https://login.examp1ebank.com/unlock ← link',
      'url https://www.examplebank.com/unlock ← link_text,body',
      'ipv4 198.51.100.7 ← received',
    ]);
  });

  it.each<[string, Partial<EmailMessage>, string]>([
    ['a To recipient', { to: [mailbox('alice@examplebank.com')] }, '198.51.100.7'],
    ['a Cc recipient', { cc: [mailbox('bob@examplebank.com')] }, '198.51.100.7'],
    ['no recipient: the relay is not known as own', {}, '192.0.2.10'],
  ])('tells the recipient’s servers by %s', (_, recipients, originatingIp) => {
    const headers = headersOf(
      'Received: from mx1.examplebank.com (mx1.examplebank.com [192.0.2.10]) by store.hostedmail.example.net with LMTP; Tue, 2 Jan 2024 10:00:01 +0000',
      'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx1.examplebank.com with ESMTPS; Tue, 2 Jan 2024 10:00:00 +0000',
    );
    expect(analyseEmail(messageOf({ headers, ...recipients }), { ownDomains: [] }).received.originatingIp).toBe(originatingIp);
  });

  it.each<[string, string, string]>([
    ['the sender’s own domain in To is not the recipient’s', 'news@evil.example', '198.51.100.7'],
    // What the recipients say is trusted as far as this: a sender writing another domain of its own in To moves the walk down.
    ['a recipient domain other than the sender’s counts as the recipient’s', 'news@other.example', '8.8.8.8'],
  ])('%s', (_, from, originatingIp) => {
    const headers = headersOf(
      'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx.examplebank.com with ESMTPS; Tue, 2 Jan 2024 10:00:01 +0000',
      'Received: from [8.8.8.8] by mail.evil.example with SMTP; Tue, 2 Jan 2024 10:00:00 +0000',
    );
    const message = messageOf({ headers, from: mailbox(from), to: [mailbox('list@evil.example')] });
    expect(analyseEmail(message, { ownDomains: [] }).received.originatingIp).toBe(originatingIp);
  });

  it('lists the first findings of a long newsletter and says how many there were, warning of all', () => {
    const links = Array.from({ length: 1500 }, (_, i) => ({ href: `https://news${i}.example.com/item?id=${i}`, text: 'Read more', in: 'html' as const }));
    links.push({ href: 'https://examp1ebank.com/last', text: 'Read more', in: 'html' });
    const newsletter = messageOf({ links, notes: [{ kind: 'text_capped', kept: 100 }] });
    const analysis = analyseEmail(newsletter, { ownDomains: ['examplebank.com'] });
    expect(analysis.findings.length).toBe(FINDINGS_MAX);
    expect(analysis.findings.at(-1)?.text).toBe(`https://news${FINDINGS_MAX - 1}.example.com/item?id=${FINDINGS_MAX - 1}`);
    expect(analysis.message.notes).toEqual([
      { kind: 'text_capped', kept: 100 },
      { kind: 'findings_capped', total: 1501, kept: FINDINGS_MAX },
    ]);
    expect(newsletter.notes).toEqual([{ kind: 'text_capped', kept: 100 }]);
    expect(analysis.warnings).toEqual([{ kind: 'lookalike', domain: 'examp1ebank.com', like: 'examplebank.com', how: 'homoglyph' }]);
  });

  it.each<[string, EmailMessage['attachedEmails'], boolean]>([
    ['a phishing email: its landing page ticked', undefined, true],
    ['an email carrying the phishing email attached (a user’s forward): nothing of its own ticked', [{ name: 'phish.eml', bytes: new Uint8Array(0) }], false],
  ])('%s', (_, attachedEmails, ticked) => {
    const message = messageOf({ links: [{ href: 'https://examplebank-login.com/login', text: 'Log in', in: 'html' }], ...(attachedEmails ? { attachedEmails } : {}) });
    const link = analyseEmail(message, { ownDomains: [] }).findings.find((finding) => finding.text === 'https://examplebank-login.com/login');
    expect(link?.pick).toEqual({ ticked });
  });

  it('leaves the From unticked when a verdict header of any hop claims its DMARC failed', () => {
    const message = messageOf({ from: mailbox('alerts@bank.example'), headers: headersOf('ARC-Authentication-Results: i=1; mx.relay.example; dmarc=fail header.from=bank.example') });
    const from = analyseEmail(message, { ownDomains: [] }).findings.find((finding) => finding.text === 'alerts@bank.example');
    expect(from?.pick).toEqual({ ticked: false, reason: 'forged_claimed' });
  });
});
