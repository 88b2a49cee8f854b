import { describe, expect, it } from 'vitest';
import { analyseEmail } from '@/utils/email/analyse-email';
import { readAddressList } from '@/utils/email/address-list';
import { cleanAddress } from '@/utils/email/address-clean';
import type { Mailbox } from '@/utils/email/email-types';
import { readMessage } from './email-fixtures';

// The senders as the review window shows them, read from the raw header
// lines of real phishing (the shapes of issue 38, names and domains made up):
// what Thunderbird and Outlook show, where the grammar alone gives nothing.

/** An email with these header lines and a line of text; `latin1` writes each character as one byte (a stray 0xA0), else UTF-8. */
function emailWith(lines: readonly string[], encoding: 'utf8' | 'latin1' = 'utf8'): Uint8Array {
  const text = [...lines, 'To: victim@recipient.test', 'Subject: Notice', 'Content-Type: text/plain; charset=utf-8', '', 'Hello.', ''].join('\r\n');
  return new Uint8Array(Buffer.from(text, encoding));
}

const box = (name: string, address: string): Mailbox => ({ name, address });

describe('readEmail reads the From as mail clients show it', () => {
  it.each<[string, Mailbox | null]>([
    ['From: Example Bank <alerts@examplebank.example>', box('Example Bank', 'alerts@examplebank.example')],
    // An unquoted comma in the name: one sender, its name read back whole.
    ['From: Fressnapf Gutschein, jehd <service@stayfriends.example>', box('Fressnapf Gutschein, jehd', 'service@stayfriends.example')],
    ['From: KundenService, <service@stayfriends.example>', box('KundenService', 'service@stayfriends.example')],
    ['From: Microsoft account team ,_<no-reply@access-security.example>', box('Microsoft account team, _', 'no-reply@access-security.example')],
    ['From: "Ukrainische Schönheiten", jehd <service@stayfriends.example>', box('Ukrainische Schönheiten, jehd', 'service@stayfriends.example')],
    ['From: =?UTF-8?Q?=4B=65=74=6F=58?=, jehd <service@stayfriends.example>', box('KetoX, jehd', 'service@stayfriends.example')],
    ['From: "=?UTF-8?B?RXhwZXJ0byBlbiBBdXRvbW9jacOzbg==?=" ,HYH <newsletter@news.example>', box('Experto en Automoción, HYH', 'newsletter@news.example')],
    ['From: =?UTF-8?B?Q29ycmVpb3MgUy9B?= <rastreamento@correios.example>', box('Correios S/A', 'rastreamento@correios.example')],
    // A quoted address is a name: the sender is the address after it.
    ['From: "Offers@amazon.example", <service@stayfriends.example>', box('Offers@amazon.example', 'service@stayfriends.example')],
    // The first mailbox that has an address.
    ['From: Rossmann Gutschein, <newsletter@bonprix.example.>, Office, <newsletter@bonprix.example>', box('Rossmann Gutschein', 'newsletter@bonprix.example')],
    ['From: Aldi Gewinnspiel <AVln7mz.example>, Aldi Gewinnspiel <reply@telekom.example>', box('Aldi Gewinnspiel', 'reply@telekom.example')],
    ['From: "Volgen"<>63493<info@track.example>', box('Volgen 63493', 'info@track.example')],
    // An address inside quotes inside angle brackets, in a comment, after a quote never closed, without its '>'.
    ['From: "Nachricht der ADAC"<"noreply@adac.example">', box('Nachricht der ADAC', 'noreply@adac.example')],
    ['From: Ihr Solar-Experte,(<message@shop.example>)', box('Ihr Solar-Experte', 'message@shop.example')],
    ['From: "Uw Energie Advies Team"" <team@energie.example>', box('Uw Energie Advies Team', 'team@energie.example')],
    ['From: State Farm ,_<ukcsi@winner.example', box('State Farm, _', 'ukcsi@winner.example')],
    ['From: sender@example.net (Example Sender)', box('Example Sender', 'sender@example.net')],
    ['From: Dringend->Icloud <news@shop.example>', box('Dringend->Icloud', 'news@shop.example')],
    // Stray characters at an address's ends trimmed.
    ['From: "Cloud Data Team" <y7pe@8sc8e833.example\'>', box('Cloud Data Team', 'y7pe@8sc8e833.example')],
    ["From: ADAC Versand <versand@'versand-myqfw.example>", box('ADAC Versand', 'versand@versand-myqfw.example')],
    // A colon: a group when a ';' closes it, else part of the name.
    ['From: Team: alice@team.example, bob@team.example;', box('', 'alice@team.example')],
    ['From: Immediate: Your parcel <help@parcel.example>', box('Immediate: Your parcel', 'help@parcel.example')],
    ['From: undisclosed-recipients:;', null],
    ['From: Fressnapf Gutschein, jehd', null],
    ['From: Nutswijzer <@r.example>', null],
  ])('%s', async (line, expected) => {
    const message = await readMessage(emailWith([line]));
    expect(message.from).toEqual(expected);
  });
});

describe('readEmail reads Reply-To, Sender and Return-Path alike', () => {
  it.each<[string, Mailbox[]]>([
    // A 0xA0 byte after the address (U+FFFD once read as UTF-8), a no-break space, a control character.
    ['Reply-To: <usps094@outlook.example>\u00a0', [box('', 'usps094@outlook.example')]],
    ['Reply-To: usps094@outlook.example\u00a0', [box('', 'usps094@outlook.example')]],
    ['Reply-To: Support <help@desk.example\u0007>', [box('Support', 'help@desk.example')]],
    ['Reply-To: Doe, Jane <jane@doe.example>, Team: a@x.example, b@y.example;', [box('Doe, Jane', 'jane@doe.example'), box('', 'a@x.example'), box('', 'b@y.example')]],
    ['Reply-To: <<<@@@>>> ;;; garbage', []],
  ])('%j', async (line, expected) => {
    const latin1 = await readMessage(emailWith([line], 'latin1'));
    expect(latin1.replyTo).toEqual(expected);
  });

  it('reads the Sender as the From, and the Return-Path without its brackets', async () => {
    const message = await readMessage(emailWith(['Return-Path: <"bounce@mailer.example">', 'From: Shop <news@shop.example>', 'Sender: Mailer, Inc <relay@mailer.example>']));
    expect([message.sender, message.returnPath]).toEqual([box('Mailer, Inc', 'relay@mailer.example'), 'bounce@mailer.example']);
  });

  it('reads no Return-Path from the null sender <>', async () => {
    const message = await readMessage(emailWith(['Return-Path: <>', 'From: MAILER-DAEMON@mx.example']));
    expect(message.returnPath).toBeNull();
  });

  it('lists the sender and warns that replies go elsewhere in the shapes that lost both', async () => {
    const message = await readMessage(emailWith(['From: Fressnapf Gutschein, jehd <service@stayfriends.example>', 'Reply-To: <usps094@outlook.example>\u00a0'], 'latin1'));
    const analysis = analyseEmail(message, { ownDomains: [] });
    expect(analysis.findings.filter((finding) => finding.where.includes('from') || finding.where.includes('reply_to')).map((finding) => finding.text)).toEqual([
      'service@stayfriends.example',
      'stayfriends.example',
      'usps094@outlook.example',
      'outlook.example',
    ]);
    expect(analysis.warnings).toContainEqual({ kind: 'reply_to_elsewhere', replyTo: 'usps094@outlook.example', fromDomain: 'stayfriends.example' });
  });
});

describe('readAddressList', () => {
  it.each<[string, Mailbox[]]>([
    ['Smith, John <john@example.com>, Doe, Jane <jane@example.com>', [box('Smith, John', 'john@example.com'), box('Doe, Jane', 'jane@example.com')]],
    ['alice, bob@example.com', [box('', 'bob@example.com')]],
    ['"john"@example.com', [box('', 'john@example.com')]],
    ['<@relay.example:route@example.com>', [box('', 'route@example.com')]],
    ['"Name, with comma" <a@example.com>; b@example.com', [box('Name, with comma', 'a@example.com'), box('', 'b@example.com')]],
    ['', []],
    // The name around a bare address, its comments, its quoted pairs.
    ['Example Sender sender@example.net', [box('Example Sender', 'sender@example.net')]],
    ['(Example Sender) sender@example.net', [box('Example Sender', 'sender@example.net')]],
    ['sender@example.net (Example) (Sender)', [box('Example Sender', 'sender@example.net')]],
    ['sender@example.net (Example Sender', [box('Example Sender', 'sender@example.net')]],
    ['"Doe \\"JD\\" John" <jd@example.com>', [box('Doe "JD" John', 'jd@example.com')]],
    ['Bank "Support (24/7)" <help@example.com>', [box('Bank Support (24/7)', 'help@example.com')]],
    ['Acme"Corp" <sales@example.com>', [box('AcmeCorp', 'sales@example.com')]],
    ['"a@example.com" <a@example.com>', [box('', 'a@example.com')]],
    // The first angle address that holds one; after the last '<' of an angle left open inside it (as Apple Mail reads it).
    ['Name <a@example.com> <b@example.com>', [box('Name', 'a@example.com')]],
    ['Name <x <a@example.com>', [box('Name', 'a@example.com')]],
    // An address in a comment: only a comment holding one, however many come first.
    ['Shop ( <shop@example.com> )', [box('Shop', 'shop@example.com')]],
    ['Shop (Newsletter) (<shop@example.com>)', [box('Shop', 'shop@example.com')]],
    // A quoted name is never an address, even written in two pieces.
    ['"ceo@""examplebank.com"', []],
    // A colon after an address, or after a name with an address, is no group's.
    ['alerts@bank.example: Your parcel <help@parcel.example>;', [box('alerts@bank.example: Your parcel', 'help@parcel.example')]],
    ['Alerts <alerts@bank.example>: Notice;', [box('Alerts: Notice', 'alerts@bank.example')]],
    [': <a@example.com>', [box('', 'a@example.com')]],
    // A quoted address before a colon names a group.
    ['"ceo@examplebank.com": Team <x@example.net>;', [box('Team', 'x@example.net')]],
    // A name cut off by a ';' or by a group's colon is not carried over.
    ['Doe; Jane <jane@example.com>', [box('Jane', 'jane@example.com')]],
    ['Doe, Team: Jane <jane@example.com>;', [box('Jane', 'jane@example.com')]],
  ])('%j', (value, expected) => {
    expect(readAddressList(value)).toEqual(expected);
  });

  it.each(['"', '(', '<', ',', ':', '\\"', '"a', 'a@', 'a :', '<x><>', '=?utf-8?q?a?= '])('reads 100,000 characters of %j in linear time', (piece) => {
    const value = `${piece.repeat(Math.ceil(100_000 / piece.length))};`;
    const started = performance.now();
    readAddressList(value);
    // A generous ceiling (10× what it takes on a busy machine): a quadratic reading would take minutes.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('cleanAddress', () => {
  it.each<[string, string | null]>([
    ['a@example.com', 'a@example.com'],
    // The quotes of <"a@example.com">, with their quoted pairs; a stray quote after it.
    ['"a@example.com"', 'a@example.com'],
    ['"a\\"b@example.com"', 'a"b@example.com'],
    ['a@example.com"', 'a@example.com'],
    // A quote at the start alone encloses nothing: kept as written.
    ['"a@example.com', '"a@example.com'],
    // The root's dot; an obsolete source route of one relay or several.
    ['a@example.com..', 'a@example.com'],
    ['@relay.example:a@example.com', 'a@example.com'],
    ['@one.example,@two.example:a@example.com', 'a@example.com'],
    // A route only at the start: an '@…:' further on is the sender's text.
    ['a@relay.example:b@example.com', 'a@relay.example:b@example.com'],
    ['a@', null],
    ['@example.com', null],
    ['a b@example.com', null],
  ])('%j', (text, expected) => {
    expect(cleanAddress(text)).toBe(expected);
  });
});
