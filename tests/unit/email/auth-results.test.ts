import { describe, expect, it } from 'vitest';
import { readAuthResults } from '@/utils/email/auth-results';
import type { AuthResult } from '@/utils/email/email-types';
import { headersOf } from './message';

const GMAIL =
  'Authentication-Results: mx.google.com; dkim=pass header.i=@examplebank.com header.s=20230601 header.b=AbCdEf12; spf=pass (google.com: domain of news@examplebank.com designates 209.85.220.41 as permitted sender) smtp.mailfrom=news@examplebank.com; dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=examplebank.com';
const EXCHANGE =
  'Authentication-Results: spf=fail (sender IP is 198.51.100.7) smtp.mailfrom=evil.example; dkim=none (message not signed) header.d=none;dmarc=fail action=quarantine header.from=examplebank.com;compauth=fail reason=000';

describe('readAuthResults', () => {
  it.each<[string, string[], AuthResult[]]>([
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
      ['Authentication-Results: mx.example.com; spf=; =pass; dkim=pass header.d=examplebank.com; garbage here; dmarc=(no result) header.from=x; bimi=pass'],
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
      [{ method: 'spf', result: 'pass' }],
    ],
    ['Received-SPF unreadable', ['Received-SPF: (only a comment)'], []],
    [
      'Received-SPF not read when Authentication-Results has spf',
      [EXCHANGE.replace(/;.*/, ''), 'Received-SPF: pass envelope-from=a@b.example'],
      [{ method: 'spf', result: 'fail', detail: 'smtp.mailfrom=evil.example' }],
    ],
    ['no headers', [], []],
  ])('%s', (_, lines, expected) => {
    expect(readAuthResults(headersOf(...lines))).toEqual(expected);
  });
});
