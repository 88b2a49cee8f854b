import { describe, expect, it } from 'vitest';
import type { ReceivedHop } from '@/utils/email/email-types';
import { readReceivedChain } from '@/utils/email/received';
import { headersOf } from './message';

type Hop = Omit<ReceivedHop, 'raw'>;

const BANK = { ownDomains: ['examplebank.com'], recipients: ['alice@examplebank.com'] };
const NOBODY = { ownDomains: [], recipients: [] };

const POSTFIX_IN =
  'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx.examplebank.com (Postfix) with ESMTPS id 4T5abc for <alice@examplebank.com>; Tue, 2 Jan 2024 10:00:00 +0100 (CET)';
const EXIM_OUT = 'Received: from [10.0.0.12] (helo=laptop) by mail.evil.example with esmtpsa (Exim 4.96) (envelope-from <billing@evil.example>) id 1rK-000; Tue, 02 Jan 2024 09:59:58 +0100';
const POSTFIX_HOP: Hop = { fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTPS', at: '2024-01-02T09:00:00.000Z' };
const EXIM_HOP: Hop = { fromHost: '[10.0.0.12]', fromIp: '10.0.0.12', byHost: 'mail.evil.example', with: 'esmtpsa', at: '2024-01-02T08:59:58.000Z' };

describe('readReceivedChain', () => {
  it.each<[string, string[], typeof BANK, Hop[], string | undefined]>([
    ['Postfix receiving from the sender’s Exim', [POSTFIX_IN, EXIM_OUT], BANK, [EXIM_HOP, POSTFIX_HOP], '198.51.100.7'],
    ['the own servers told from the newest hop alone', [POSTFIX_IN, EXIM_OUT], NOBODY, [EXIM_HOP, POSTFIX_HOP], '198.51.100.7'],
    [
      'Gmail: an internal IPv6 hop on top, the reverse name with a dot',
      [
        'Received: by 2002:a05:7300:5c8a:b0:10b:4f1c:2d3 with SMTP id x10csp1234567dyk; Mon, 1 Jan 2024 04:05:06 -0800 (PST)',
        'Received: from mail.evil.example (mail.evil.example. [203.0.113.25]) by mx.google.com with ESMTPS id a1-20020a17si1234567plf.123.2024.01.01.04.05.05 for <alice@examplebank.com> (version=TLS1_3 cipher=TLS_AES_256_GCM_SHA384 bits=256/256); Mon, 01 Jan 2024 04:05:05 -0800 (PST)',
      ],
      BANK,
      [
        { fromHost: 'mail.evil.example', fromIp: '203.0.113.25', byHost: 'mx.google.com', with: 'ESMTPS', at: '2024-01-01T12:05:05.000Z' },
        { byHost: '2002:a05:7300:5c8a:b0:10b:4f1c:2d3', with: 'SMTP', at: '2024-01-01T12:05:06.000Z' },
      ],
      '203.0.113.25',
    ],
    [
      'Exchange Online: addresses in parentheses, IPv6 between its own servers',
      [
        'Received: from AM0PR02MB5678.eurprd02.prod.outlook.com (2603:10a6:208:12::34) by AS8PR02MB1234.eurprd02.prod.outlook.com with HTTPS; Tue, 2 Jan 2024 09:00:02 +0000',
        'Received: from DB5PEPF00014B8F.eurprd02.prod.outlook.com (2603:10a6:10:1::2) by AM0PR02MB5678.eurprd02.prod.outlook.com (2603:10a6:208:12::34) with Microsoft SMTP Server (version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.7135.21; Tue, 2 Jan 2024 09:00:01 +0000',
        'Received: from mail.evil.example (198.51.100.7) by DB5PEPF00014B8F.mail.protection.outlook.com (10.167.8.1) with Microsoft SMTP Server id 15.20.7135.9 via Frontend Transport; Tue, 2 Jan 2024 09:00:00 +0000',
      ],
      BANK,
      [
        { fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'DB5PEPF00014B8F.mail.protection.outlook.com', with: 'Microsoft SMTP Server', at: '2024-01-02T09:00:00.000Z' },
        { fromHost: 'DB5PEPF00014B8F.eurprd02.prod.outlook.com', byHost: 'AM0PR02MB5678.eurprd02.prod.outlook.com', with: 'Microsoft SMTP Server', at: '2024-01-02T09:00:01.000Z' },
        { fromHost: 'AM0PR02MB5678.eurprd02.prod.outlook.com', byHost: 'AS8PR02MB1234.eurprd02.prod.outlook.com', with: 'HTTPS', at: '2024-01-02T09:00:02.000Z' },
      ],
      '198.51.100.7',
    ],
    [
      'an own relay with a public address is passed over',
      [
        'Received: from mx1.examplebank.com (mx1.examplebank.com [192.0.2.10]) by store.examplebank.com with LMTP; Tue, 2 Jan 2024 10:00:01 +0000',
        'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx1.examplebank.com with ESMTPS; Tue, 2 Jan 2024 10:00:00 +0000',
      ],
      BANK,
      [
        { fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx1.examplebank.com', with: 'ESMTPS', at: '2024-01-02T10:00:00.000Z' },
        { fromHost: 'mx1.examplebank.com', fromIp: '192.0.2.10', byHost: 'store.examplebank.com', with: 'LMTP', at: '2024-01-02T10:00:01.000Z' },
      ],
      '198.51.100.7',
    ],
    [
      'a sender claiming an own name in HELO, without a reverse name',
      ['Received: from mx.examplebank.com (unknown [198.51.100.9]) by mx.examplebank.com (Postfix) with ESMTP id 4T; Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mx.examplebank.com', fromIp: '198.51.100.9', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:00.000Z' }],
      '198.51.100.9',
    ],
    [
      'Exim: the address as the sender’s name, a port, no date',
      ['Received: from [198.51.100.7]:51234 (helo=evil.example) by mx.examplebank.com with esmtp (Exim 4.96) id 1rK-000 for alice@examplebank.com'],
      BANK,
      [{ fromHost: '[198.51.100.7]:51234', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'esmtp' }],
      '198.51.100.7',
    ],
    [
      'IPv6 only',
      ['Received: from mail.evil.example (mail.evil.example [IPv6:2001:db8::25]) by mx.examplebank.com (Postfix) with ESMTPS id 4T; Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mail.evil.example', byHost: 'mx.examplebank.com', with: 'ESMTPS', at: '2024-01-02T10:00:00.000Z' }],
      undefined,
    ],
    ['no sender at all', ['Received: by mx.examplebank.com (Postfix, from userid 1000) id 4T; not a date'], BANK, [{ byHost: 'mx.examplebank.com' }], undefined],
    [
      'all inside: loopback and private',
      [
        'Received: from mail.examplebank.com (mail.examplebank.com [10.1.2.3]) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:01 +0000',
        'Received: from localhost (localhost [127.0.0.1]) by mail.examplebank.com with SMTP; Tue, 2 Jan 2024 10:00:00 +0000',
      ],
      BANK,
      [
        { fromHost: 'localhost', fromIp: '127.0.0.1', byHost: 'mail.examplebank.com', with: 'SMTP', at: '2024-01-02T10:00:00.000Z' },
        { fromHost: 'mail.examplebank.com', fromIp: '10.1.2.3', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:01.000Z' },
      ],
      undefined,
    ],
    [
      'a hop written outside the own servers ends the walk',
      [
        'Received: from relay.examplebank.com (relay.examplebank.com [192.0.2.10]) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:01 +0000',
        'Received: from [8.8.8.8] by fake.evil.example with SMTP; Tue, 2 Jan 2024 10:00:00 +0000',
      ],
      BANK,
      [
        { fromHost: '[8.8.8.8]', fromIp: '8.8.8.8', byHost: 'fake.evil.example', with: 'SMTP', at: '2024-01-02T10:00:00.000Z' },
        { fromHost: 'relay.examplebank.com', fromIp: '192.0.2.10', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:01.000Z' },
      ],
      undefined,
    ],
    ['no Received headers', [], BANK, [], undefined],
    // How the pieces of a Received value are told apart.
    [
      'a quoted pair in a comment: an escaped parenthesis closes nothing',
      ['Received: from mail.evil.example (helo \\) [198.51.100.7]) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:00.000Z' }],
      '198.51.100.7',
    ],
    [
      'a stray parenthesis is a word',
      ['Received: from mail.evil.example ) (mail.evil.example [198.51.100.7]) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:00.000Z' }],
      '198.51.100.7',
    ],
    [
      'the address alone in brackets, no name before it',
      ['Received: from mail.evil.example ([198.51.100.7]) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:00.000Z' }],
      '198.51.100.7',
    ],
    [
      'a bare address with its port after a name',
      ['Received: from mail.evil.example (helo mail.evil.example 198.51.100.7:25) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T10:00:00.000Z' }],
      '198.51.100.7',
    ],
    [
      'a ; in the date’s comment: the date is after the last ; outside one',
      ['Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx.examplebank.com with ESMTP; Tue, 2 Jan 2024 10:00:00 +0100 (CET; winter)'],
      BANK,
      [{ fromHost: 'mail.evil.example', fromIp: '198.51.100.7', byHost: 'mx.examplebank.com', with: 'ESMTP', at: '2024-01-02T09:00:00.000Z' }],
      '198.51.100.7',
    ],
    ['no date', ['Received: by mx.examplebank.com with SMTP'], BANK, [{ byHost: 'mx.examplebank.com', with: 'SMTP' }], undefined],
    ['qmail’s comment alone', ['Received: (qmail 1234 invoked by uid 89); Tue, 2 Jan 2024 10:00:00 +0000'], BANK, [{ at: '2024-01-02T10:00:00.000Z' }], undefined],
    [
      'no by clause',
      ['Received: from mail.evil.example (mail.evil.example [198.51.100.7]); Tue, 2 Jan 2024 10:00:00 +0000'],
      BANK,
      [{ fromHost: 'mail.evil.example', fromIp: '198.51.100.7', at: '2024-01-02T10:00:00.000Z' }],
      '198.51.100.7',
    ],
  ])('%s', (_, lines, options, hops, originatingIp) => {
    const chain = readReceivedChain(headersOf(...lines), options);
    expect(chain.hops.map(({ raw: _raw, ...hop }) => hop)).toEqual(hops);
    expect(chain.originatingIp).toBe(originatingIp);
  });

  it('keeps each header’s value as it is, oldest first', () => {
    const headers = headersOf(POSTFIX_IN, EXIM_OUT);
    expect(readReceivedChain(headers, BANK).hops.map((hop) => hop.raw)).toEqual([headers[1]!.value, headers[0]!.value]);
  });

  it.each<[string, string[], string | undefined]>([
    ['the webmail client’s address', ['Received: from [10.0.0.12] by mail.examplebank.com with HTTP; Tue, 2 Jan 2024 10:00:00 +0000', 'X-Originating-IP: [198.51.100.44]'], '198.51.100.44'],
    ['X-Sender-IP', ['X-Sender-IP: 198.51.100.45'], '198.51.100.45'],
    ['a private one is not', ['X-Originating-IP: [192.168.1.20]'], undefined],
    ['not an address', ['X-Originating-IP: unknown'], undefined],
  ])('falls back on %s', (_, lines, expected) => {
    expect(readReceivedChain(headersOf(...lines), BANK).originatingIp).toBe(expected);
  });

  const MX = 'by mx.examplebank.com (Postfix) with ESMTPS id 4T for <alice@examplebank.com>; Tue, 2 Jan 2024 10:00:00 +0000';
  it.each<[string, string[], string | undefined, { provider: string; ip: string } | undefined]>([
    [
      'a Google relay, the sender behind it not shown',
      [
        `Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41]) ${MX}`,
        'Received: by 2002:a05:6a10:b0c6:b0:512:3c1e with SMTP id x6csp1; Tue, 2 Jan 2024 01:59:59 -0800 (PST)',
      ],
      '209.85.220.41',
      { provider: 'Google', ip: '209.85.220.41' },
    ],
    [
      'a SendGrid relay, the sender behind it in SendGrid’s own hop',
      [
        `Received: from o1.ptr1234.evil.example (o1.ptr1234.sendgrid.net [167.89.1.2]) ${MX}`,
        'Received: from laptop (unknown [203.0.113.80]) by geopod-ismtpd-3.sendgrid.net (SG) with ESMTP id abc; Tue, 02 Jan 2024 09:59:58 +0000 (UTC)',
      ],
      '203.0.113.80',
      { provider: 'SendGrid', ip: '167.89.1.2' },
    ],
    [
      'a Microsoft relay with the webmail client’s address',
      [`Received: from EUR05-VI1-obe.outbound.protection.outlook.com (mail-vi1eur05olkn2012.outbound.protection.outlook.com [40.92.90.12]) ${MX}`, 'X-Originating-IP: [198.51.100.66]'],
      '198.51.100.66',
      { provider: 'Microsoft', ip: '40.92.90.12' },
    ],
    [
      'a hop under the relay the provider did not write is not believed',
      [`Received: from a8-1.smtp-out.amazonses.com (a8-1.smtp-out.amazonses.com [54.240.8.1]) ${MX}`, 'Received: from x (x [203.0.113.9]) by mail.evil.example; Tue, 2 Jan 2024 09:59:00 +0000'],
      '54.240.8.1',
      { provider: 'Amazon SES', ip: '54.240.8.1' },
    ],
    [
      'X-Originating-IP naming a server on the way, not a client',
      [
        'Received: from GBR01-LO4-obe.outbound.protection.outlook.com (40.107.122.110) by BN8NAM12FT029.mail.protection.outlook.com (10.13.182.1) with Microsoft SMTP Server; Tue, 2 Jan 2024 10:00:01 +0000',
        'Received: from mail-ej1-f49.google.com (mail-ej1-f49.google.com [209.85.218.49]) by LO2GBR01FT015.mail.protection.outlook.com (10.13.182.2) with Microsoft SMTP Server; Tue, 2 Jan 2024 10:00:00 +0000',
        'X-Originating-IP: [40.107.122.110]',
      ],
      '209.85.218.49',
      { provider: 'Google', ip: '209.85.218.49' },
    ],
    ['a sender whose HELO names Google but whose reverse name does not', [`Received: from mail-sor-f41.google.com (unknown [198.51.100.7]) ${MX}`], '198.51.100.7', undefined],
    ['a sender of its own', [POSTFIX_IN], '198.51.100.7', undefined],
    [
      'a SendGrid relay below one of the own servers’ hops',
      [
        'Received: by mx.examplebank.com with SMTP id 9a; Tue, 2 Jan 2024 10:00:01 +0000',
        `Received: from o1.ptr1234.evil.example (o1.ptr1234.sendgrid.net [167.89.1.2]) ${MX}`,
        'Received: from laptop (unknown [203.0.113.80]) by geopod-ismtpd-3.sendgrid.net (SG) with ESMTP id abc; Tue, 02 Jan 2024 09:59:58 +0000 (UTC)',
      ],
      '203.0.113.80',
      { provider: 'SendGrid', ip: '167.89.1.2' },
    ],
    [
      'SendGrid’s own hops passed over: one without an address, its own servers, an internal address',
      [
        `Received: from o1.ptr1234.evil.example (o1.ptr1234.sendgrid.net [167.89.1.2]) ${MX}`,
        'Received: by geopod-ismtpd-4.sendgrid.net with SMTP id x1; Tue, 02 Jan 2024 09:59:59 +0000 (UTC)',
        'Received: from o2.ptr5678.sendgrid.net (o2.ptr5678.sendgrid.net [167.89.1.3]) by geopod-ismtpd-5.sendgrid.net (SG) with ESMTP id y2; Tue, 02 Jan 2024 09:59:59 +0000 (UTC)',
        'Received: from laptop (unknown [10.0.0.5]) by geopod-ismtpd-6.sendgrid.net (SG) with ESMTP id z3; Tue, 02 Jan 2024 09:59:58 +0000 (UTC)',
        'Received: from laptop (unknown [203.0.113.80]) by geopod-ismtpd-3.sendgrid.net (SG) with ESMTP id abc; Tue, 02 Jan 2024 09:59:57 +0000 (UTC)',
      ],
      '203.0.113.80',
      { provider: 'SendGrid', ip: '167.89.1.2' },
    ],
  ])('a provider’s relay: %s', (_, lines, ip, relay) => {
    const chain = readReceivedChain(headersOf(...lines), BANK);
    expect([chain.originatingIp, chain.originatingRelay]).toEqual([ip, relay]);
  });
});
