import { describe, expect, it } from 'vitest';
import { readAuthResults, readFailClaims } from '@/utils/email/auth-results';
import type { AuthResult } from '@/utils/email/email-types';
import { headersOf } from './message';

const GMAIL =
  'Authentication-Results: mx.google.com; dkim=pass header.i=@examplebank.com header.s=20230601 header.b=AbCdEf12; spf=pass (google.com: domain of news@examplebank.com designates 209.85.220.41 as permitted sender) smtp.mailfrom=news@examplebank.com; dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=examplebank.com';
const EXCHANGE =
  'Authentication-Results: spf=fail (sender IP is 198.51.100.7) smtp.mailfrom=evil.example; dkim=none (message not signed) header.d=none;dmarc=fail action=quarantine header.from=examplebank.com;compauth=fail reason=000';

describe('readAuthResults', () => {
  it.each<[string, string[], Omit<AuthResult, 'trusted'>[]]>([
    [
      'Gmail: three results in one header, comments left out',
      [GMAIL],
      [
        { method: 'dkim', result: 'pass', detail: 'header.i=@examplebank.com', by: 'mx.google.com' },
        { method: 'spf', result: 'pass', detail: 'smtp.mailfrom=news@examplebank.com', by: 'mx.google.com' },
        { method: 'dmarc', result: 'pass', detail: 'header.from=examplebank.com', by: 'mx.google.com' },
      ],
    ],
    [
      'Exchange Online: no authserv-id',
      [EXCHANGE],
      [
        { method: 'spf', result: 'fail', detail: 'smtp.mailfrom=evil.example' },
        { method: 'dkim', result: 'none', detail: 'header.d=none' },
        { method: 'dmarc', result: 'fail', detail: 'header.from=examplebank.com' },
        { method: 'compauth', result: 'fail' },
      ],
    ],
    [
      'header.d before header.i, a version, upper case, spaces around =',
      ['Authentication-Results: MX.Example.COM 1; DKIM = Pass header.i=@news.examplebank.com header.d=examplebank.com; ARC=pass (i=1) smtp.remote-ip=192.0.2.1'],
      [
        { method: 'dkim', result: 'pass', detail: 'header.d=examplebank.com', by: 'MX.Example.COM' },
        { method: 'arc', result: 'pass', detail: 'smtp.remote-ip=192.0.2.1', by: 'MX.Example.COM' },
      ],
    ],
    [
      'nested comments and quoted strings',
      ['Authentication-Results: mx.example.com; spf=softfail (a (nested; comment) here) smtp.mailfrom="odd;local"@evil.example; dkim=pass (x) header.d="examplebank.com"'],
      [
        { method: 'spf', result: 'softfail', detail: 'smtp.mailfrom=odd;local@evil.example', by: 'mx.example.com' },
        { method: 'dkim', result: 'pass', detail: 'header.d=examplebank.com', by: 'mx.example.com' },
      ],
    ],
    ['none: nothing was checked', ['Authentication-Results: mx.example.com; none'], []],
    [
      'malformed results left out alone',
      ['Authentication-Results: mx.example.com; spf=; =pass; header.d=pass; dkim=pass header.d=examplebank.com; garbage here; dmarc=(no result) header.from=x; bimi=pass'],
      [
        { method: 'dkim', result: 'pass', detail: 'header.d=examplebank.com', by: 'mx.example.com' },
        { method: 'bimi', result: 'pass', by: 'mx.example.com' },
      ],
    ],
    [
      'only the topmost header: those below came with the email',
      [
        'Authentication-Results: mx.example.com; spf=fail smtp.mailfrom=evil.example',
        'Authentication-Results: mx.example.com; spf=pass smtp.mailfrom=examplebank.com; dkim=pass header.d=examplebank.com',
      ],
      [{ method: 'spf', result: 'fail', detail: 'smtp.mailfrom=evil.example', by: 'mx.example.com' }],
    ],
    [
      'ARC-Authentication-Results left out',
      ['ARC-Authentication-Results: i=1; mx.google.com; dkim=pass header.d=examplebank.com', 'Authentication-Results: mx.example.com; dkim=fail header.d=examplebank.com'],
      [{ method: 'dkim', result: 'fail', detail: 'header.d=examplebank.com', by: 'mx.example.com' }],
    ],
    [
      'Received-SPF when Authentication-Results gives no spf (RFC 7208 §9.1)',
      [
        'Authentication-Results: mx.example.com; dkim=none',
        'Received-SPF: SoftFail (mx.example.com: domain of transitioning billing@evil.example does not designate 198.51.100.7 as permitted sender) receiver=mx.example.com; client-ip=198.51.100.7; envelope-from="billing@evil.example"; helo=mail.evil.example;',
        'Received-SPF: pass (second, older) envelope-from=x@examplebank.com',
      ],
      [
        { method: 'dkim', result: 'none', by: 'mx.example.com' },
        { method: 'spf', result: 'softfail', detail: 'smtp.mailfrom=billing@evil.example', by: 'mx.example.com' },
      ],
    ],
    ['Received-SPF alone, with helo only', ['Received-SPF: neutral (no envelope) helo=mail.evil.example'], [{ method: 'spf', result: 'neutral', detail: 'smtp.helo=mail.evil.example' }]],
    [
      'Received-SPF alone, Gmail-shaped',
      ['Received-SPF: pass (google.com: domain of x@examplebank.com designates 209.85.220.41 as permitted sender) client-ip=209.85.220.41;'],
      [{ method: 'spf', result: 'pass', by: 'google.com' }],
    ],
    ['Received-SPF unreadable', ['Received-SPF: (only a comment)'], []],
    [
      'Received-SPF not read when Authentication-Results has spf',
      [EXCHANGE.replace(/;.*/, ''), 'Received-SPF: pass envelope-from=a@b.example'],
      [{ method: 'spf', result: 'fail', detail: 'smtp.mailfrom=evil.example' }],
    ],
    ['no headers', [], []],
    [
      'a quoted pair inside a quoted value',
      ['Authentication-Results: mx.example.com; spf=fail smtp.mailfrom="odd\\";x"@evil.example; dkim=pass header.d=examplebank.com'],
      [
        { method: 'spf', result: 'fail', detail: 'smtp.mailfrom=odd";x@evil.example', by: 'mx.example.com' },
        { method: 'dkim', result: 'pass', detail: 'header.d=examplebank.com', by: 'mx.example.com' },
      ],
    ],
    [
      'a quote never closed splits the statement where it stands',
      ['Authentication-Results: mx.example.com; dkim=pass header.d="examplebank.com; dmarc=fail header.from=evil.example'],
      [
        { method: 'dkim', result: 'pass', by: 'mx.example.com' },
        { method: 'dmarc', result: 'fail', detail: 'header.from=evil.example', by: 'mx.example.com' },
      ],
    ],
    ['Received-SPF with its result alone', ['Received-SPF: none'], [{ method: 'spf', result: 'none' }]],
    ['Received-SPF opening with a comment', ['Received-SPF: (checked) pass envelope-from=a@examplebank.com'], [{ method: 'spf', result: 'pass', detail: 'smtp.mailfrom=a@examplebank.com' }]],
    [
      'Received-SPF: its comment’s host, written against the result',
      ['Received-SPF: pass(mx.example.com: domain of a@examplebank.com designates 192.0.2.1)'],
      [{ method: 'spf', result: 'pass', by: 'mx.example.com' }],
    ],
    ['Received-SPF: receiver= before the comment’s host', ['Received-SPF: pass (mx.one.example: ok) receiver=mx.two.example;'], [{ method: 'spf', result: 'pass', by: 'mx.two.example' }]],
    [
      'Received-SPF: a comment further on names no receiver',
      ['Received-SPF: pass envelope-from=a@examplebank.com (mx.example.com: later)'],
      [{ method: 'spf', result: 'pass', detail: 'smtp.mailfrom=a@examplebank.com' }],
    ],
  ])('%s', (_, lines, expected) => {
    expect(readAuthResults(headersOf(...lines)).map(({ trusted: _trusted, ...result }) => result)).toEqual(expected);
  });
});

// RFC 8601 §5, §7.1: only the receiving side's results are believed. Headers top (newest) first.
const EVIL_HOP = 'Received: from [10.0.0.2] (unknown [10.0.0.2]) by mail.evil.example (Postfix) with ESMTPSA id 77A1; Mon, 23 Nov 2026 09:14:01 +0000';
const INTO_NET = 'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mx.example.net (Postfix) with ESMTPS id 4Xk2; Mon, 23 Nov 2026 09:14:05 +0000';
const INTO_GMAIL = 'Received: from mail.evil.example (mail.evil.example. [198.51.100.7]) by mx.google.com with ESMTPS id a1si; Mon, 23 Nov 2026 09:14:05 -0800 (PST)';
const GMAIL_TOP = 'Received: by 2002:a05:6a10:8e0c:b0:4f2:1b2d:3e4f with SMTP id m12csp1234pxb; Mon, 23 Nov 2026 09:14:06 -0800 (PST)';
const FORGED = 'Authentication-Results: mx.google.com; spf=pass smtp.mailfrom=examplebank.com; dkim=pass header.d=examplebank.com; dmarc=pass header.from=examplebank.com';
const OUTLOOK_TOP = [
  'Received: from SA3PR19MB7370.namprd19.prod.outlook.com (::1) by MN0PR19MB6312.namprd19.prod.outlook.com with HTTPS; Mon, 23 Nov 2026 09:14:08 +0000',
  'Received: from BN8NAM11FT066.eop-nam11.prod.protection.outlook.com (2603:10b6:408:e6:cafe::23) by BN0PR03CA0023.outlook.office365.com (2603:10b6:408:e6::28) with Microsoft SMTP Server id 15.20.6792.28 via Frontend Transport; Mon, 23 Nov 2026 09:14:07 +0000',
];
const INTO_OUTLOOK =
  'Received: from mail.evil.example (198.51.100.7) by BN8NAM11FT066.mail.protection.outlook.com (10.13.177.138) with Microsoft SMTP Server id 15.20.6813.19 via Frontend Transport; Mon, 23 Nov 2026 09:14:06 +0000';

describe('readAuthResults: whose results are believed', () => {
  it.each<[string, string[], string[], string[]]>([
    [
      'a sender’s “mx.google.com … pass” where the receiving server wrote none: unverified',
      [INTO_NET, FORGED, EVIL_HOP],
      [],
      ['spf pass by mx.google.com: unverified', 'dkim pass by mx.google.com: unverified', 'dmarc pass by mx.google.com: unverified'],
    ],
    [
      'the same below the sender’s own Received header, though Google received it: unverified',
      [GMAIL_TOP, INTO_GMAIL, EVIL_HOP, FORGED],
      [],
      ['spf pass by mx.google.com: unverified', 'dkim pass by mx.google.com: unverified', 'dmarc pass by mx.google.com: unverified'],
    ],
    [
      'Gmail’s own, below its entry hop, chosen over the forged one further down',
      [
        GMAIL_TOP,
        INTO_GMAIL,
        'Received-SPF: fail (google.com: domain of x@examplebank.com does not designate 198.51.100.7 as permitted sender) client-ip=198.51.100.7;',
        'Authentication-Results: mx.google.com; spf=fail smtp.mailfrom=examplebank.com; dmarc=fail header.from=examplebank.com',
        EVIL_HOP,
        FORGED,
      ],
      [],
      ['spf fail by mx.google.com: trusted', 'dmarc fail by mx.google.com: trusted'],
    ],
    [
      'Exchange Online: no authserv-id, among its own hops (outlook.com and office365.com are one provider)',
      [...OUTLOOK_TOP, 'Authentication-Results: spf=fail (sender IP is 198.51.100.7) smtp.mailfrom=evil.example; dmarc=fail action=none header.from=examplebank.com', INTO_OUTLOOK, EVIL_HOP],
      [],
      ['spf fail by -: trusted', 'dmarc fail by -: trusted'],
    ],
    ['Exchange-shaped, no authserv-id, no Received header to place it: unverified', ['Authentication-Results: spf=pass smtp.mailfrom=examplebank.com'], [], ['spf pass by -: unverified']],
    [
      'above the topmost Received header, by its server',
      ['Authentication-Results: mx.example.net; dmarc=fail header.from=examplebank.com', INTO_NET, EVIL_HOP],
      [],
      ['dmarc fail by mx.example.net: trusted'],
    ],
    [
      'the receiving server’s, on top of the forged one',
      [INTO_NET, 'Authentication-Results: mx.example.net; dmarc=fail header.from=examplebank.com', EVIL_HOP, FORGED],
      [],
      ['dmarc fail by mx.example.net: trusted'],
    ],
    [
      'a forwarder’s results below the Gmail inbox that received the email last: unverified',
      [...OUTLOOK_TOP, INTO_OUTLOOK.replace('mail.evil.example', 'mail-sor-f41.google.com'), 'Authentication-Results: mx.google.com; dmarc=fail header.from=examplebank.com', INTO_GMAIL],
      [],
      ['dmarc fail by mx.google.com: unverified'],
    ],
    [
      'an own server’s id, under a provider’s hops',
      [GMAIL_TOP, 'Authentication-Results: gateway.examplebank.com; dmarc=fail header.from=examplebank.com', INTO_GMAIL, EVIL_HOP],
      ['examplebank.com'],
      ['dmarc fail by gateway.examplebank.com: trusted'],
    ],
    [
      'the same id without the own domains set: unverified',
      [GMAIL_TOP, 'Authentication-Results: gateway.examplebank.com; dmarc=fail header.from=examplebank.com', INTO_GMAIL, EVIL_HOP],
      [],
      ['dmarc fail by gateway.examplebank.com: unverified'],
    ],
    [
      'a Received-SPF the sender wrote: unverified',
      [INTO_NET, EVIL_HOP, 'Received-SPF: pass (mx.example.net: domain of x@examplebank.com designates 198.51.100.7 as permitted sender) client-ip=198.51.100.7; envelope-from=x@examplebank.com'],
      [],
      ['spf pass by mx.example.net: unverified'],
    ],
    [
      'one header a method, all the receiving side’s: every result read',
      [GMAIL_TOP, 'Authentication-Results: mx.google.com; dkim=pass header.d=evil.example', 'Authentication-Results: mx.google.com; dmarc=fail header.from=examplebank.com', INTO_GMAIL, EVIL_HOP],
      [],
      ['dkim pass by mx.google.com: trusted', 'dmarc fail by mx.google.com: trusted'],
    ],
    [
      'a results header after the sender’s Received header, its id the receiving hop’s (Proton Mail writes so): ambiguous, so unverified',
      [
        'Received: from mail.evil.example (mail.evil.example [198.51.100.7]) by mailin022.protonmail.ch (Postfix) with ESMTPS id 4N5k; Mon, 23 Nov 2026 09:14:05 +0000',
        EVIL_HOP,
        'Authentication-Results: mailin022.protonmail.ch; dmarc=none',
      ],
      [],
      ['dmarc none by mailin022.protonmail.ch: unverified'],
    ],
    [
      'the provider named by a Received header that starts with its by clause',
      ['Received: by mx.example.net (Postfix) id 9a; Mon, 23 Nov 2026 09:14:06 +0000', 'Authentication-Results: mx.example.net; dmarc=fail header.from=examplebank.com', EVIL_HOP],
      [],
      ['dmarc fail by mx.example.net: trusted'],
    ],
    [
      'an address pasted over the by host: the host after it',
      ['Authentication-Results: mx.example.net; dmarc=fail header.from=examplebank.com', INTO_NET.replace('by mx.example.net', 'by postmaster@mx.example.net'), EVIL_HOP],
      [],
      ['dmarc fail by mx.example.net: trusted'],
    ],
    [
      'a Received header naming no server on top',
      ['Received: (qmail 1234 invoked by uid 89); Mon, 23 Nov 2026 09:14:06 +0000', 'Authentication-Results: mx.example.net; dmarc=fail header.from=examplebank.com', INTO_NET, EVIL_HOP],
      [],
      ['dmarc fail by mx.example.net: trusted'],
    ],
    [
      'an unnamed server below the provider’s ends its headers',
      [
        INTO_NET,
        'Received: from relay (relay [198.51.100.8]) by 10.0.0.1 with SMTP; Mon, 23 Nov 2026 09:14:04 +0000',
        'Authentication-Results: mx.example.net; dmarc=fail header.from=examplebank.com',
        EVIL_HOP,
      ],
      [],
      ['dmarc fail by mx.example.net: unverified'],
    ],
    ['an authserv-id naming no domain, and no Received header', ['Authentication-Results: localhost; dmarc=fail header.from=examplebank.com'], [], ['dmarc fail by localhost: unverified']],
  ])('%s', (_, lines, ownDomains, expected) => {
    const shown = readAuthResults(headersOf(...lines), ownDomains).map(
      ({ method, result, by, trusted }) => `${method} ${result} by ${by ?? '-'}: ${trusted === true ? 'trusted' : trusted === false ? 'unverified' : 'not said'}`,
    );
    expect(shown).toEqual(expected);
  });
});

describe('readFailClaims', () => {
  it('gives every failure any verdict header claims, as untrusted claims', () => {
    const claims = readFailClaims(
      headersOf(
        'Authentication-Results: mailin025.protonmail.ch; dkim=pass header.d=evil.example',
        'Authentication-Results: mailin025.protonmail.ch; dmarc=fail (p=quarantine dis=none) header.from=kucoin.com',
        'ARC-Authentication-Results: i=1; mx.microsoft.com 1; spf=fail (sender ip is 78.159.110.149) smtp.mailfrom=slave.socialou.example; dmarc=fail action=none header.from=slave.socialou.example',
        'Authentication-Results-Original: Server2; dmarc=pass header.from=roffiaen.example',
        'Received-SPF: fail (improvmx.com: domain of kucoin.com does not designate 46.105.50.32 as permitted sender) envelope-from=no-reply@kucoin.com',
        'X-Authentication-Results: mx.example.com; dmarc=fail header.from=x.example',
      ),
    );
    expect(claims.map(({ method, detail, trusted }) => `${method} ${detail ?? ''} ${String(trusted)}`)).toEqual([
      'dmarc header.from=kucoin.com false',
      'spf smtp.mailfrom=slave.socialou.example false',
      'dmarc header.from=slave.socialou.example false',
      'spf smtp.mailfrom=no-reply@kucoin.com false',
    ]);
  });
});
