import { describe, expect, it } from 'vitest';
import { findEmailIndicators } from '@/utils/email/email-indicators';
import type { EmailLink, EmailMessage, EmailWarning } from '@/utils/email/email-types';
import { findEmailWarnings } from '@/utils/email/email-warnings';
import { mailbox, messageOf } from './message';

const BANK = ['examplebank.com'];
const SAFE_LINK = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://evil.example/login')}&data=05%7C02&reserved=0`;
const html = (href: string, text: string): EmailLink => ({ href, text, in: 'html' });
const toAlice = { to: [mailbox('alice@examplebank.com')] };

/** The warnings of an email, with the findings the analysis would give them. */
function warningsOf(partial: Partial<EmailMessage>, ownDomains: string[]): EmailWarning[] {
  const message = messageOf(partial);
  return findEmailWarnings(message, findEmailIndicators(message, { hops: [] }, { ownDomains }), { ownDomains });
}

describe('findEmailWarnings', () => {
  it.each<[string, Partial<EmailMessage>, string[], EmailWarning[]]>([
    // The display name naming a brand.
    [
      'a brand in the name, the address elsewhere',
      { from: mailbox('alerts@evil.example', 'Example Bank Security') },
      BANK,
      [{ kind: 'display_name_brand', name: 'Example Bank Security', brand: 'examplebank.com', domain: 'evil.example' }],
    ],
    ['the brand’s own address', { from: mailbox('news@mail.examplebank.com', 'Example-Bank') }, BANK, []],
    ['another own domain’s address', { from: mailbox('news@examplebank.co.uk', 'Example Bank') }, ['examplebank.com', 'examplebank.co.uk'], []],
    ['a short brand as a word', { from: mailbox('x@evil.example', 'IBM Support') }, ['ibm.com'], [{ kind: 'display_name_brand', name: 'IBM Support', brand: 'ibm.com', domain: 'evil.example' }]],
    ['a short brand inside a word', { from: mailbox('x@evil.example', 'Fibmore Ltd') }, ['ibm.com'], []],
    ['no own domains', { from: mailbox('alerts@evil.example', 'Example Bank Security') }, [], []],
    // The display name holding an address or domain.
    [
      'an address in the name',
      { from: mailbox('x@evil.example', 'ceo@examplebank.com') },
      BANK,
      [
        { kind: 'display_name_brand', name: 'ceo@examplebank.com', brand: 'examplebank.com', domain: 'evil.example' },
        { kind: 'display_name_address', name: 'ceo@examplebank.com', shown: 'ceo@examplebank.com', domain: 'evil.example' },
      ],
    ],
    [
      'a domain in the name',
      { from: mailbox('x@evil.example', 'Support (paypal.com)') },
      BANK,
      [{ kind: 'display_name_address', name: 'Support (paypal.com)', shown: 'paypal.com', domain: 'evil.example' }],
    ],
    ['the sender’s own domain in the name', { from: mailbox('x@mail.evil.example', 'evil.example') }, BANK, []],
    // A person's name on free mail.
    [
      'a person on free mail to an organisation',
      { from: mailbox('j.smith.ceo@gmail.com', 'John Smith'), ...toAlice },
      BANK,
      [{ kind: 'display_name_person_freemail', name: 'John Smith', domain: 'gmail.com' }],
    ],
    [
      'a hyphenated name',
      { from: mailbox('jl@outlook.com', 'Jean-Luc Picard'), cc: [mailbox('bob@examplebank.com')] },
      [],
      [{ kind: 'display_name_person_freemail', name: 'Jean-Luc Picard', domain: 'outlook.com' }],
    ],
    ['to free mail only', { from: mailbox('j@gmail.com', 'John Smith'), to: [mailbox('friend@yahoo.com')] }, BANK, []],
    ['no recipient, own domains set', { from: mailbox('j@gmail.com', 'John Smith') }, BANK, [{ kind: 'display_name_person_freemail', name: 'John Smith', domain: 'gmail.com' }]],
    ['no recipient, no own domains', { from: mailbox('j@gmail.com', 'John Smith') }, [], []],
    ['not a person: capitals only', { from: mailbox('j@gmail.com', 'ACME SUPPORT'), ...toAlice }, BANK, []],
    ['not a person: one word', { from: mailbox('j@gmail.com', 'John'), ...toAlice }, BANK, []],
    ['not a person: five words', { from: mailbox('j@gmail.com', 'John Paul George Ringo Pete'), ...toAlice }, BANK, []],
    ['not a person: lower case', { from: mailbox('j@gmail.com', 'john smith'), ...toAlice }, BANK, []],
    ['not a person: digits', { from: mailbox('j@gmail.com', 'John Smith2'), ...toAlice }, BANK, []],
    ['a person on a company address', { from: mailbox('j@evil.example', 'John Smith'), ...toAlice }, BANK, []],
    // Reply-To.
    [
      'replies to another owner',
      { from: mailbox('a@evil.example'), replyTo: [mailbox('refunds@other.example'), mailbox('help@mail.evil.example')] },
      BANK,
      [{ kind: 'reply_to_elsewhere', replyTo: 'refunds@other.example', fromDomain: 'evil.example' }],
    ],
    ['replies, no From', { replyTo: [mailbox('refunds@other.example')] }, BANK, []],
    // Link texts.
    [
      'a link text showing another owner, after unwrapping',
      {
        links: [
          html(SAFE_LINK, 'https://www.examplebank.com/login'),
          html('https://evil.example/a', 'www.examplebank.com.'),
          html(SAFE_LINK, 'evil.example'),
          html('https://evil.example/b', 'login.evil.example'),
          html('https://evil.example/c', 'Click here'),
          html('mailto:x@evil.example', 'examplebank.com'),
          { href: 'https://evil.example/d', text: 'examplebank.com', in: 'text' },
          html(`https://clicktime.symantec.com/39e8TeBHak?u=${encodeURIComponent('http://www.evil.example/')}`, 'www.evil.example'),
          html(`https://go.evil-other.example/r?return=${encodeURIComponent('https://www.examplebank.com/')}`, 'www.examplebank.com'),
        ],
      },
      [],
      [
        { kind: 'link_text_mismatch', text: 'https://www.examplebank.com/login', shownDomain: 'www.examplebank.com', targetDomain: 'evil.example' },
        { kind: 'link_text_mismatch', text: 'www.examplebank.com', shownDomain: 'www.examplebank.com', targetDomain: 'evil.example' },
        { kind: 'link_text_mismatch', text: 'www.examplebank.com', shownDomain: 'www.examplebank.com', targetDomain: 'go.evil-other.example' },
      ],
    ],
    // Lookalikes.
    [
      'lookalikes among the sender, links and text, each once',
      {
        from: mailbox('billing@examp1ebank.com'),
        links: [html('https://login.xn--exmplebank-0qi.com/', 'Log in'), html('https://login.xn--exmplebank-0qi.com/again', 'Log in')],
        text: 'See examplebank.com.verify-account.top and examplebank.com.',
      },
      BANK,
      [
        { kind: 'lookalike', domain: 'examp1ebank.com', like: 'examplebank.com', how: 'homoglyph' },
        { kind: 'lookalike', domain: 'login.xn--exmplebank-0qi.com', like: 'examplebank.com', how: 'punycode' },
        { kind: 'lookalike', domain: 'examplebank.com.verify-account.top', like: 'examplebank.com', how: 'spelling' },
      ],
    ],
    ['nothing to warn of', { from: mailbox('news@examplebank.com', 'Example Bank'), links: [html('https://www.examplebank.com/', 'www.examplebank.com')], ...toAlice }, BANK, []],
    // The edges of each rule.
    [
      'a brand of four letters inside a word',
      { from: mailbox('x@evil.example', 'Acmecorp Billing') },
      ['acme.com'],
      [{ kind: 'display_name_brand', name: 'Acmecorp Billing', brand: 'acme.com', domain: 'evil.example' }],
    ],
    ['an own domain that is a public suffix alone names no brand', { from: mailbox('x@evil.example', 'Com Support') }, ['com'], []],
    ['a phone number in the name', { from: mailbox('x@evil.example', 'Support +44 20 7946 0958') }, BANK, []],
    ['a From with no usable address', { from: mailbox('undisclosed', 'Example Bank Security') }, BANK, []],
    [
      'a person’s name written with two spaces',
      { from: mailbox('j@gmail.com', 'John  Smith'), ...toAlice },
      BANK,
      [{ kind: 'display_name_person_freemail', name: 'John  Smith', domain: 'gmail.com' }],
    ],
    ['four words', { from: mailbox('j@gmail.com', 'John Paul George Ringo'), ...toAlice }, BANK, [{ kind: 'display_name_person_freemail', name: 'John Paul George Ringo', domain: 'gmail.com' }]],
    ['not a person: a word not starting with a capital', { from: mailbox('j@gmail.com', 'mAry Smith'), ...toAlice }, BANK, []],
    [
      'to free mail and to an organisation',
      { from: mailbox('j@gmail.com', 'John Smith'), to: [mailbox('friend@yahoo.com'), mailbox('alice@examplebank.com')] },
      BANK,
      [{ kind: 'display_name_person_freemail', name: 'John Smith', domain: 'gmail.com' }],
    ],
    ['to free mail and to no address', { from: mailbox('j@gmail.com', 'John Smith'), to: [mailbox('friend@yahoo.com'), mailbox('undisclosed-recipients')] }, BANK, []],
    [
      'the same Reply-To twice: warned of once',
      { from: mailbox('a@evil.example'), replyTo: [mailbox('refunds@other.example'), mailbox('refunds@other.example')] },
      BANK,
      [{ kind: 'reply_to_elsewhere', replyTo: 'refunds@other.example', fromDomain: 'evil.example' }],
    ],
  ])('%s', (_, partial, ownDomains, expected) => {
    expect(warningsOf(partial, ownDomains)).toEqual(expected);
  });
});

describe('findEmailWarnings: characters that change what is shown', () => {
  const pdf = (name: string) => ({ name, type: 'application/pdf', size: 10, sha256: '0'.repeat(64) });
  it.each<[string, Partial<EmailMessage>, EmailWarning[]]>([
    [
      'a reversed display name that reads as a bank’s address',
      { from: mailbox('x@evil.example', '\u202Emoc.knabelpmaxe@troppus') },
      [{ kind: 'hidden_characters', field: 'from', shown: '⟨U+202E⟩moc.knabelpmaxe@troppus <x@evil.example>' }],
    ],
    ['a zero-width space in the address', { from: mailbox('sup\u200Bport@evil.example') }, [{ kind: 'hidden_characters', field: 'from', shown: 'sup⟨U+200B⟩port@evil.example' }]],
    ['an isolate in the subject', { subject: 'Invoice \u2067overdue\u2069 #44' }, [{ kind: 'hidden_characters', field: 'subject', shown: 'Invoice ⟨U+2067⟩overdue⟨U+2069⟩ #44' }]],
    [
      'an attachment whose real extension is hidden',
      { attachments: [pdf('report.pdf'), pdf('invoice\u202Efdp.exe')] },
      [{ kind: 'hidden_characters', field: 'attachment', shown: 'invoice⟨U+202E⟩fdp.exe' }],
    ],
    ['emoji, Arabic and accents: nothing hidden', { from: mailbox('x@evil.example', 'Café ❤️ مرحبا'), subject: 'Offre spéciale 🎉', attachments: [pdf('reçu.pdf')] }, []],
  ])('%s', (_, partial, expected) => {
    expect(warningsOf(partial, []).filter(({ kind }) => kind === 'hidden_characters')).toEqual(expected);
  });
});

describe('findEmailWarnings: a brand in the display name as the eye reads it', () => {
  const brand = (name: string, own = 'examplebank.com'): EmailWarning => ({ kind: 'display_name_brand', name, brand: own, domain: 'evil.example' });
  it.each<[string, string, string[], EmailWarning[]]>([
    ['a Cyrillic а', 'Exаmple Bank Security', BANK, [brand('Exаmple Bank Security')]],
    ['Cyrillic е, о and р together', 'Еxamрlе Bаnk', BANK, [brand('Еxamрlе Bаnk')]],
    ['a Greek ο and α', 'PαypαI Sеrvice', ['paypal.com'], [brand('PαypαI Sеrvice', 'paypal.com')]],
    ['a zero-width space inside the brand', 'Example\u200BBank', BANK, [brand('Example\u200BBank')]],
    ['a soft hyphen and a word joiner inside the brand', 'Exam\u00ADple\u2060Bank Alerts', BANK, [brand('Exam\u00ADple\u2060Bank Alerts')]],
    ['mixed: a Cyrillic letter, a zero-width joiner, full-width letters', 'Ｅxа\u200Dmple Ｂank', BANK, [brand('Ｅxа\u200Dmple Ｂank')]],
    ['a short brand as a word, with a Cyrillic І and a zero-width space', 'І\u200BBM Support', ['ibm.com'], [brand('І\u200BBM Support', 'ibm.com')]],
    ['“rn” across two words is not an “m”', 'Ledger News', ['ledger.com'], [brand('Ledger News', 'ledger.com')]],
    ['another name: no warning', 'Exemplary Banking Group', BANK, []],
    ['a short brand inside another word: no warning', 'Ibmoto Sales', ['ibm.com'], []],
  ])('%s', (_, name, ownDomains, expected) => {
    expect(warningsOf({ from: mailbox('x@evil.example', name) }, ownDomains).filter(({ kind }) => kind === 'display_name_brand')).toEqual(expected);
  });
});
