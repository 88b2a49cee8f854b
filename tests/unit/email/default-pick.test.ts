import { describe, expect, it } from 'vitest';
import { forgedDomains, pickFindings, type PickFacts } from '@/utils/email/default-pick';
import type { EmailPick } from '@/utils/email/email-pick';
import type { AuthResult, EmailFinding } from '@/utils/email/email-types';

const finding = (type: 'url' | 'email' | 'domain' | 'phone' | 'ipv4', value: string, where: EmailFinding['where'], warnings: string[] = []): EmailFinding => ({
  text: value,
  check: { ok: true, indicator: { type, value, warnings: warnings as never } },
  where,
});

const facts = (partial: Partial<PickFacts> = {}): PickFacts => ({ auth: [], from: null, warnings: [], ownDomains: ['examplebank.com'], wrapper: false, ...partial });

const pickOf = (found: EmailFinding, partial: Partial<PickFacts> = {}): EmailPick | undefined => pickFindings([found], facts(partial))[0]?.pick;

const dmarcFail: AuthResult = { method: 'dmarc', result: 'fail', detail: 'header.from=microsoft.com', by: 'mx.google.com', trusted: true };

describe('what an email ticks for reporting at first', () => {
  it.each<[string, EmailFinding, EmailPick]>([
    ['the From address', finding('email', 'alert@evil.example', ['from']), { ticked: true }],
    ['the Reply-To address', finding('email', 'desk@other.example', ['reply_to']), { ticked: true }],
    ['the Sender address', finding('email', 'bulk@evil.example', ['sender']), { ticked: true }],
    ['a scammer’s free-mail Reply-To', finding('email', 'claims.desk@gmail.com', ['reply_to']), { ticked: true }],
    ['the From address of a colleague (an own domain)', finding('email', 'pat@examplebank.com', ['from']), { ticked: false, reason: 'own_domain' }],
    ['the From address on an own domain’s subdomain', finding('email', 'noreply@mail.examplebank.com', ['from']), { ticked: false, reason: 'own_domain' }],
    ['the Return-Path alone (often a mail provider’s bounce address)', finding('email', 'bounce@mailer.example', ['return_path']), { ticked: false }],
    ['an address only in the text', finding('email', 'help@evil.example', ['body']), { ticked: false }],
    ['a sender domain (it may be a mail provider’s)', finding('domain', 'evil.example', ['from']), { ticked: false }],
    ['a link', finding('url', 'https://evil.example/login', ['link']), { ticked: true }],
    ['a URL in the text', finding('url', 'https://evil.example/b', ['body']), { ticked: true }],
    ['a link to an own domain', finding('url', 'https://www.examplebank.com/privacy', ['link']), { ticked: false, reason: 'own_domain' }],
    ['a link to an own domain’s lookalike', finding('url', 'https://examplebank.com.evil.example/', ['link']), { ticked: true }],
    ['a link with a warning', finding('url', 'https://evil.zz/', ['link'], ['domain_unknown_suffix']), { ticked: false }],
    ['a phone number', finding('phone', '+442079460000', ['body']), { ticked: false }],
    ['the originating IPv4', finding('ipv4', '185.234.72.19', ['received']), { ticked: false }],
    ['a well-known brand’s address, unforged (a footer’s contact)', finding('email', 'privacy@microsoft.com', ['body']), { ticked: false, reason: 'brand' }],
    ['a well-known brand’s address as the From', finding('email', 'no-reply@microsoft.com', ['from']), { ticked: false, reason: 'brand' }],
    ['a well-known brand’s domain', finding('domain', 'bradesco.com.br', ['from']), { ticked: false, reason: 'brand' }],
    ['a page of a well-known brand’s own site', finding('url', 'https://privacy.microsoft.com/en-us/privacystatement', ['link']), { ticked: false, reason: 'brand_site' }],
    ['a shared file on a brand’s platform', finding('url', 'https://docs.google.com/forms/d/e/1FAIpQL/viewform', ['link']), { ticked: true }],
    ['a tenant’s SharePoint site', finding('url', 'https://contoso-my.sharepoint.com/:b:/g/personal/x', ['link']), { ticked: true }],
    ['a profile on a social platform', finding('url', 'https://www.linkedin.com/in/fake-recruiter', ['link']), { ticked: true }],
    ['a social platform’s front page', finding('url', 'https://www.facebook.com/', ['link']), { ticked: false, reason: 'brand_site' }],
    ['a link the reader never sees', finding('url', 'https://competitor.example/', ['link_hidden']), { ticked: false, reason: 'hidden' }],
    ['a hidden link also shown elsewhere', finding('url', 'https://evil.example/', ['link_hidden', 'link']), { ticked: true }],
    ['a tracking image’s host', finding('ipv4', '203.0.113.9', ['resource']), { ticked: false, reason: 'resource' }],
    ['a redirector a link goes through', finding('url', 'https://vk.com/away.php?to=https%3A%2F%2Fevil.example', ['wrapper']), { ticked: false, reason: 'wrapper' }],
    ['a scammer’s own Microsoft 365 tenant', finding('email', 'billing@vbseduvn.onmicrosoft.com', ['from']), { ticked: true }],
    // The platform's own site is no tenant's.
    ['SharePoint’s own site', finding('url', 'https://www.sharepoint.com/', ['link']), { ticked: false, reason: 'brand_site' }],
    ['a social platform’s front page, its slash doubled', finding('url', 'https://www.facebook.com//', ['link']), { ticked: false, reason: 'brand_site' }],
    ['a sender seen in the text as well', finding('email', 'alert@evil.example', ['from', 'body']), { ticked: true }],
    ['what is no valid indicator', { text: '+44 20', check: { ok: false, type: 'phone', problem: 'phone_invalid' }, where: ['body'] }, { ticked: false }],
  ])('%s: %j', (_name, found, pick) => {
    expect(pickOf(found)).toEqual(pick);
  });

  it('leaves the From unticked, as forged, when the receiving server’s DMARC check failed', () => {
    const picked = pickFindings(
      [finding('email', 'contato@banco-x.example', ['from']), finding('domain', 'banco-x.example', ['from']), finding('email', 'desk@scam.example', ['reply_to'])],
      facts({ auth: [{ ...dmarcFail, detail: 'header.from=banco-x.example' }], from: 'contato@banco-x.example' }),
    );
    expect(picked.map((found) => [found.text, found.pick])).toEqual([
      ['contato@banco-x.example', { ticked: false, reason: 'forged' }],
      ['banco-x.example', { ticked: false, reason: 'forged' }],
      ['desk@scam.example', { ticked: true }],
    ]);
  });

  it('takes a DMARC fail the receiving side is not shown to have written as a claim: unticked, said as claimed', () => {
    const picked = pickFindings([finding('email', 'contato@banco-x.example', ['from'])], facts({ auth: [{ ...dmarcFail, trusted: false }], from: 'contato@banco-x.example' }));
    expect(picked[0]?.pick).toEqual({ ticked: false, reason: 'forged_claimed' });
  });

  it('ticks a sender whose DMARC passed, whoever says so', () => {
    const picked = pickFindings(
      [finding('email', 'contato@banco-x.example', ['from'])],
      facts({
        auth: [
          { ...dmarcFail, result: 'pass' },
          { ...dmarcFail, result: 'pass', trusted: false },
        ],
        from: 'contato@banco-x.example',
      }),
    );
    expect(picked[0]?.pick).toEqual({ ticked: true });
  });

  it('ticks a lookalike of an own domain', () => {
    const picked = pickFindings(
      [finding('domain', 'examp1ebank.com', ['body']), finding('domain', 'other.example', ['body'])],
      facts({ warnings: [{ kind: 'lookalike', domain: 'examp1ebank.com', like: 'examplebank.com', how: 'homoglyph' }] }),
    );
    expect(picked.map((found) => found.pick?.ticked)).toEqual([true, false]);
  });

  it('leaves the organisation’s every domain unticked, not only the first', () => {
    expect(pickOf(finding('email', 'pat@examplebank.de', ['from']), { ownDomains: ['examplebank.com', 'examplebank.de'] })).toEqual({ ticked: false, reason: 'own_domain' });
  });

  it('ticks a lookalike sender whatever its authentication says', () => {
    const picked = pickFindings(
      [finding('email', 'alert@examp1ebank.com', ['from'])],
      facts({
        auth: [{ ...dmarcFail, detail: 'header.from=examp1ebank.com' }],
        from: 'alert@examp1ebank.com',
        warnings: [{ kind: 'lookalike', domain: 'examp1ebank.com', like: 'examplebank.com', how: 'homoglyph' }],
      }),
    );
    expect(picked[0]?.pick).toEqual({ ticked: true });
  });

  it('ticks a sender domain only for a lookalike, not for another warning about it', () => {
    const picked = pickFindings(
      [finding('domain', 'evil.example', ['from'])],
      facts({ warnings: [{ kind: 'display_name_address', name: 'ceo@examplebank.com', shown: 'ceo@examplebank.com', domain: 'evil.example' }] }),
    );
    expect(picked[0]?.pick).toEqual({ ticked: false });
  });

  it('ticks nothing of an email a phishing email was forwarded in, but still says why where there is a reason', () => {
    const picked = pickFindings(
      [finding('email', 'alert@evil.example', ['from']), finding('url', 'https://evil.example/', ['link']), finding('url', 'https://x.example/', ['link_hidden'])],
      facts({ wrapper: true }),
    );
    expect(picked.map((found) => found.pick)).toEqual([{ ticked: false }, { ticked: false }, { ticked: false, reason: 'hidden' }]);
  });
});

describe('the domains an email’s authentication shows forged', () => {
  it.each<[string, AuthResult[], string | null, [string, string][]]>([
    ['DMARC failed: the From’s registrable domain', [dmarcFail], 'do-not-reply@ses.binance.com', [['binance.com', 'forged']]],
    ['Exchange’s composite verdict failed', [{ method: 'compauth', result: 'fail', trusted: true }], 'x@bradesco.com.br', [['bradesco.com.br', 'forged']]],
    ['SPF failed: the envelope sender’s domain', [{ method: 'spf', result: 'fail', detail: 'smtp.mailfrom=bounce@mailer.example.co.uk', trusted: true }], 'a@b.example', [['example.co.uk', 'forged']]],
    ['SPF soft-failed: nothing said', [{ method: 'spf', result: 'softfail', detail: 'smtp.mailfrom=bounce@mailer.example', trusted: true }], 'a@b.example', []],
    ['DMARC passed', [{ ...dmarcFail, result: 'pass' }], 'a@microsoft.com', []],
    ['DMARC failed with no From to blame', [dmarcFail], null, []],
    ['a fail not the receiving side’s: claimed', [{ ...dmarcFail, trusted: false }], 'a@microsoft.com', [['microsoft.com', 'forged_claimed']]],
    ['a claim, then the receiving side’s own verdict: forged', [{ ...dmarcFail, trusted: false }, dmarcFail], 'a@microsoft.com', [['microsoft.com', 'forged']]],
    ['the receiving side’s verdict, then a claim: still forged', [dmarcFail, { ...dmarcFail, trusted: false }], 'a@microsoft.com', [['microsoft.com', 'forged']]],
    [
      'an earlier hop’s SPF fail on a forwarded email the receiving side passed: nothing',
      [
        { method: 'compauth', result: 'pass', trusted: true },
        { method: 'spf', result: 'pass', detail: 'smtp.mailfrom=vbseduvn.onmicrosoft.com', trusted: true },
        { method: 'spf', result: 'fail', detail: 'smtp.mailfrom=vbseduvn.onmicrosoft.com', trusted: false },
      ],
      'client@vbseduvn.onmicrosoft.com',
      [],
    ],
    ['SPF failed, its envelope sender in capitals', [{ method: 'spf', result: 'fail', detail: 'smtp.mailfrom=Bounce@Mailer.EXAMPLE', trusted: true }], 'a@b.example', [['mailer.example', 'forged']]],
    ['SPF failed with no envelope sender named', [{ method: 'spf', result: 'fail', trusted: true }], 'a@b.example', []],
    ['SPF failed on the server’s name (HELO), not the sender’s', [{ method: 'spf', result: 'fail', detail: 'smtp.helo=mx.mailer.example', trusted: true }], 'a@b.example', []],
    ['SPF failed on an empty envelope sender', [{ method: 'spf', result: 'fail', detail: 'smtp.mailfrom=', trusted: true }], 'a@b.example', []],
    ['DKIM failed: no owner said forged', [{ method: 'dkim', result: 'fail', detail: 'smtp.mailfrom=bounce@mailer.example', trusted: true }], 'a@b.example', []],
    [
      'a claimed fail and a claimed pass: still claimed',
      [
        { ...dmarcFail, trusted: false },
        { ...dmarcFail, result: 'pass', trusted: false },
      ],
      'a@microsoft.com',
      [['microsoft.com', 'forged_claimed']],
    ],
    ['a tenant of a shared mail platform is its own owner', [{ ...dmarcFail, trusted: true }], 'it@contoso.onmicrosoft.com', [['contoso.onmicrosoft.com', 'forged']]],
  ])('%s', (_name, auth, from, domains) => {
    expect([...forgedDomains(auth, from)]).toEqual(domains);
  });
});

describe('what a link carrying another site’s URL ticks', () => {
  const wrapped = (wrapper: string, destination: string): EmailFinding[] => [{ ...finding('url', destination, ['link']), unwrappedFrom: wrapper }, finding('url', wrapper, ['wrapper'])];

  it.each<[string, string, string, [boolean, boolean]]>([
    ['an open redirect to a landing page: the landing page', 'https://trusted.example/out?url=https%3A%2F%2Fevil.example%2Flogin', 'https://evil.example/login', [true, false]],
    ['a scam page that links back to the brand it imitates: the scam page', 'https://evil.example/login?return=https://www.paypal.com/', 'https://www.paypal.com/', [false, true]],
    ['a scam page that links back to the organisation: the scam page', 'https://evil.example/verify?next=https://www.examplebank.com/', 'https://www.examplebank.com/', [false, true]],
    // A real Teams invitation in the Phishing Pot collection (sample-1298): the brand's sign-in page redirecting to its own.
    [
      'the brand’s own sign-in page redirecting to the brand: neither',
      'https://login.microsoftonline.com/redeem?rd=https%3a%2f%2finvitations.microsoft.com%2fredeem%2f',
      'https://invitations.microsoft.com/redeem/',
      [false, false],
    ],
    ['the organisation’s own page redirecting to itself: neither', 'https://login.examplebank.com/out?next=https://www.examplebank.com/', 'https://www.examplebank.com/', [false, false]],
    ['a link scanner around the brand’s own page: neither', 'https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.paypal.com%2F&data=x', 'https://www.paypal.com/', [false, false]],
  ])('%s', (_name, wrapper, destination, ticks) => {
    expect(pickFindings(wrapped(wrapper, destination), facts()).map((found) => found.pick?.ticked)).toEqual(ticks);
  });
});
