import { describe, expect, it } from 'vitest';
import { capFindings, findEmailIndicators, FINDINGS_MAX } from '@/utils/email/email-indicators';
import type { EmailAnalysisOptions, EmailFinding, EmailLink, EmailMessage } from '@/utils/email/email-types';
import { mailbox, messageOf } from './message';

const BANK: EmailAnalysisOptions = { ownDomains: ['examplebank.com'] };
const SAFE_LINK = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://evil.example/login')}&data=05%7C02&reserved=0`;
const html = (href: string, text = ''): EmailLink => ({ href, text, in: 'html' });

/** A finding as one line: `type value ← places (unwrapped from …)`, or `✗ problem text ← places` for an invalid one. */
function summary({ text, check, where, unwrappedFrom }: EmailFinding): string {
  const what = check.ok ? `${check.indicator.type} ${check.indicator.value}` : `✗ ${check.problem} ${text}`;
  return `${what} ← ${where.join(',')}${unwrappedFrom ? ` (unwrapped from ${unwrappedFrom})` : ''}`;
}

describe('findEmailIndicators', () => {
  it.each<[string, Partial<EmailMessage>, string | undefined, EmailAnalysisOptions, string[]]>([
    [
      'the sender’s addresses, then their domains as written',
      {
        from: mailbox('Billing@Mail.Evil.Example', 'Example Bank'),
        replyTo: [mailbox('refunds@evil.example'), mailbox('x@gmail.com')],
        sender: mailbox('bulk@sender.example.net'),
        returnPath: 'bounce@mail.evil.example',
      },
      undefined,
      BANK,
      [
        'email Billing@mail.evil.example ← from',
        'domain mail.evil.example ← from,return_path',
        'email refunds@evil.example ← reply_to',
        'domain evil.example ← reply_to',
        'email x@gmail.com ← reply_to',
        'email bulk@sender.example.net ← sender',
        'domain sender.example.net ← sender',
        'email bounce@mail.evil.example ← return_path',
      ],
    ],
    [
      'the same address in From and Return-Path: once',
      { from: mailbox('a@evil.example'), returnPath: 'a@evil.example' },
      undefined,
      BANK,
      ['email a@evil.example ← from,return_path', 'domain evil.example ← from,return_path'],
    ],
    ['an internationalised sender domain', { from: mailbox('info@пример.рф') }, undefined, BANK, ['email info@xn--e1afmkfd.xn--p1ai ← from', 'domain xn--e1afmkfd.xn--p1ai ← from']],
    ['no address worth a row', { from: mailbox('MAILER-DAEMON'), returnPath: 'x@[203.0.113.7]', sender: mailbox('') }, undefined, BANK, []],
    [
      'links: unwrapped, mailto:, tel:, and what is not an indicator',
      {
        links: [
          html(SAFE_LINK, 'Log in'),
          html('https://evil.example/login', 'again'),
          html('mailto:help@evil.example,Sales@Evil.Example?subject=Hi%20there', 'write to us'),
          html('tel:+31612345678', 'call'),
          html('#top', 'top'),
          html('javascript:alert(1)', 'x'),
          html('cid:logo@01DA', ''),
          { href: 'https://evil.example/text-part', in: 'text' },
        ],
      },
      undefined,
      BANK,
      [
        `url https://evil.example/login ← link (unwrapped from ${SAFE_LINK})`,
        `url ${SAFE_LINK} ← wrapper`,
        'email help@evil.example ← link',
        'email Sales@evil.example ← link',
        'phone +31612345678 ← link',
        'url https://evil.example/text-part ← link',
      ],
    ],
    [
      'a link text showing another host than the target',
      {
        links: [
          html(SAFE_LINK, ' https://www.examplebank.com/login '),
          html('https://evil.example/a', 'www.examplebank.com'),
          html('https://evil.example/b', 'evil.example'),
          html('https://evil.example/c', 'Click here'),
          html('https://evil.example/d', 'report.pdf'),
        ],
      },
      undefined,
      BANK,
      [
        `url https://evil.example/login ← link (unwrapped from ${SAFE_LINK})`,
        `url ${SAFE_LINK} ← wrapper`,
        'url https://www.examplebank.com/login ← link_text',
        'url https://evil.example/a ← link',
        'domain www.examplebank.com ← link_text',
        'url https://evil.example/b ← link',
        'url https://evil.example/c ← link',
        'url https://evil.example/d ← link',
      ],
    ],
    [
      'the text: what findIndicators finds, invalid ones too, safe links unwrapped',
      {
        links: [html('https://evil.example/login', 'Log in')],
        text: `Log in at https://evil.example/login or hxxps://evil[.]example/other, call +31 20 123 4567, mail ceo@-evil.example.com. Via ${SAFE_LINK} too. Host 198.51.100.7.`,
      },
      undefined,
      BANK,
      [
        `url https://evil.example/login ← link,body (unwrapped from ${SAFE_LINK})`,
        // The text is read as a selection is (issue 44): the wrapper follows the page it leads to.
        `url ${SAFE_LINK} ← wrapper`,
        'url https://evil.example/other ← body',
        'phone +31201234567 ← body',
        '✗ email_invalid ceo@-evil.example.com ← body',
        'ipv4 198.51.100.7 ← body',
      ],
    ],
    [
      'redirectors and click trackers: the destination, and the wrapper as its own finding',
      {
        links: [
          html(`https://clicktime.symantec.com/39e8TeBHakB1Pf?u=${encodeURIComponent('http://www.evil.example/')}`, 'www.evil.example'),
          html(`https://click.news.example/t?id=9&url=${encodeURIComponent('https://shop.example/sale')}`, 'Shop now'),
        ],
      },
      undefined,
      BANK,
      [
        'url http://www.evil.example/ ← link (unwrapped from https://clicktime.symantec.com/39e8TeBHakB1Pf?u=http%3A%2F%2Fwww.evil.example%2F)',
        'url https://clicktime.symantec.com/39e8TeBHakB1Pf?u=http%3A%2F%2Fwww.evil.example%2F ← wrapper',
        'url https://shop.example/sale ← link (unwrapped from https://click.news.example/t?id=9&url=https%3A%2F%2Fshop.example%2Fsale)',
        'url https://click.news.example/t?id=9&url=https%3A%2F%2Fshop.example%2Fsale ← wrapper',
      ],
    ],
    [
      'a hidden link in link_hidden instead of link, both when also visible; an image link is a link',
      {
        links: [
          { href: 'https://hidden.example/a', text: '', in: 'html', hidden: true },
          { href: 'https://both.example/', text: 'x', in: 'html', hidden: true },
          html('https://both.example/', 'Open'),
          html('https://image.example/', ''),
          { href: 'mailto:drop@hidden.example', text: '', in: 'html', hidden: true },
        ],
      },
      undefined,
      BANK,
      ['url https://hidden.example/a ← link_hidden', 'url https://both.example/ ← link_hidden,link', 'url https://image.example/ ← link', 'email drop@hidden.example ← link_hidden'],
    ],
    [
      'what the HTML loads: its host once, a domain or an IPv4',
      {
        links: [
          { href: 'https://track.evil.example/open.gif?id=alice', in: 'html', kind: 'resource' },
          { href: 'http://198.51.100.23/p.png?u=1', in: 'html', kind: 'resource' },
          { href: 'https://evil.example/login', text: 'Log in', in: 'html' },
          { href: 'https://evil.example/logo.png', in: 'html', kind: 'resource' },
        ],
      },
      undefined,
      BANK,
      ['domain track.evil.example ← resource', 'ipv4 198.51.100.23 ← resource', 'url https://evil.example/login ← link', 'domain evil.example ← resource'],
    ],
    ['the default country reads local numbers', { text: 'Call 06 1234 5678.' }, undefined, { ownDomains: [], defaultCountry: 'NL' }, ['phone +31612345678 ← body']],
    ['the originating IPv4, merged with the text’s mention', { text: 'Sent from 198.51.100.7' }, '198.51.100.7', BANK, ['ipv4 198.51.100.7 ← body,received']],
    ['the originating IPv4 alone, last', { from: mailbox('a@evil.example') }, '203.0.113.9', BANK, ['email a@evil.example ← from', 'domain evil.example ← from', 'ipv4 203.0.113.9 ← received']],
    ['nothing', {}, undefined, BANK, []],
    ['a header holding a domain, not an address', { from: mailbox('www.evil.example') }, undefined, BANK, []],
    [
      'one destination behind two wrappers: the first one found stays its wrapper',
      { links: [html(SAFE_LINK, 'Log in'), html(`https://clicktime.symantec.com/39e8TeBHak?u=${encodeURIComponent('https://evil.example/login')}`, 'Log in')] },
      undefined,
      BANK,
      [
        `url https://evil.example/login ← link (unwrapped from ${SAFE_LINK})`,
        `url ${SAFE_LINK} ← wrapper`,
        'url https://clicktime.symantec.com/39e8TeBHak?u=https%3A%2F%2Fevil.example%2Flogin ← wrapper',
      ],
    ],
    [
      'a mailto: further on in a web link is no mailto: link',
      { links: [html('https://evil.example/go?next=mailto:a@evil.example', 'Write')] },
      undefined,
      BANK,
      ['url https://evil.example/go?next=mailto:a@evil.example ← link'],
    ],
    ['a mailto: link whose escapes do not decode: read as written', { links: [html('mailto:help%ZZ@evil.example', 'Write')] }, undefined, BANK, ['email help%ZZ@evil.example ← link']],
    ['a text part’s link: its text shows nothing more', { links: [{ href: 'https://evil.example/d', text: 'examplebank.com', in: 'text' }] }, undefined, BANK, ['url https://evil.example/d ← link']],
    ['what the HTML loads from no address it can parse', { links: [{ href: 'not a url', in: 'html', kind: 'resource' }] }, undefined, BANK, []],
  ])('%s', (_, partial, originatingIp, options, expected) => {
    const received = { hops: [], ...(originatingIp ? { originatingIp } : {}) };
    expect(findEmailIndicators(messageOf(partial), received, options).map(summary)).toEqual(expected);
  });

  it('keeps the text as read and the check as checkIndicator gives it', () => {
    expect(findEmailIndicators(messageOf({ from: mailbox('Billing@Evil.Example') }), { hops: [] }, BANK)).toEqual([
      { text: 'Billing@Evil.Example', check: { ok: true, indicator: { type: 'email', value: 'Billing@evil.example', warnings: ['domain_unknown_suffix'] } }, where: ['from'] },
      { text: 'evil.example', check: { ok: true, indicator: { type: 'domain', value: 'evil.example', warnings: ['domain_unknown_suffix'] } }, where: ['from'] },
    ]);
  });
});

describe('capFindings', () => {
  const many = (count: number): EmailFinding[] =>
    Array.from({ length: count }, (_, i) => ({ text: `h${i}.example.com`, check: { ok: true, indicator: { type: 'domain', value: `h${i}.example.com`, warnings: [] } }, where: ['body'] }));

  it.each<[number, number, { kind: 'findings_capped'; total: number; kept: number } | undefined]>([
    [0, 0, undefined],
    [FINDINGS_MAX, FINDINGS_MAX, undefined],
    [FINDINGS_MAX + 1, FINDINGS_MAX, { kind: 'findings_capped', total: FINDINGS_MAX + 1, kept: FINDINGS_MAX }],
    [10_000, FINDINGS_MAX, { kind: 'findings_capped', total: 10_000, kept: FINDINGS_MAX }],
  ])('%i findings', (count, kept, note) => {
    const capped = capFindings(many(count));
    expect(capped.findings.length).toBe(kept);
    expect(capped.findings.at(-1)?.text).toBe(kept ? `h${kept - 1}.example.com` : undefined);
    expect(capped.note).toEqual(note);
  });
});
