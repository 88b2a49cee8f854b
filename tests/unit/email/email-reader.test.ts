import MsgReader from '@kenjiuno/msgreader';
import { describe, expect, it } from 'vitest';
import { readEmail } from '@/utils/email/email-reader';
import type { EmailLink, EmailReadNote, Mailbox } from '@/utils/email/email-types';
import { RECEIVED_MSG } from '../../fixtures/email/make-msg';
import { readFixture, readMessage, sha256 } from './email-fixtures';

// The corpus of tests/fixtures/email (README.md there says what each one is
// for), read as the review window reads it. Attachments are checked against
// their bytes decoded here apart from the reader (base64 by node, the .msg's
// from the spec make-msg.ts wrote it from), hashed with node:crypto.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('JVBERi0xLjQKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCnRyYWlsZXIKPDwgL1Jvb3QgMSAwIFIgPj4KJSVFT0YK', 'base64');
const ZIP = Buffer.from(
  'UEsDBBQAAAAIAAAAYVjkL8HXMwAAADMAAAAMAAAAaW52b2ljZS5odG1ss0nLL8pVSEwuyczPs1XKKCkpKLbS108ty8zRS61IzC3ISdVPzs/JSU0uUbKz0QcptgMAUEsBAhQAFAAAAAgAAABhWOQvwdczAAAAMwAAAAwAAAAAAAAAAAAAAAAAAAAAAGludm9pY2UuaHRtbFBLBQYAAAAAAQABADoAAABdAAAAAAA=',
  'base64',
);
// postal-mime gives a part sent as text (7bit, 8bit) with its line ends as "\n", so these are hashed so.
// A part's last line break belongs to the boundary after it (RFC 2046 §5.1.1): not to the file.
const DETAILS_TXT = 'Device: Unknown, Location: Unknown';
const ORIGINAL_EML =
  'From: "Example Bank" <alerts@examp1ebank.example>\nTo: Pat Jones <pat.jones@recipient.test>\nSubject: Final notice\nDate: Sun, 10 Mar 2024 23:00:00 +0000\n\nLast chance: https://examp1ebank.example/final';
const INVITE_ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Fixture//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:cal-1@examplebank-benefits.example',
  'DTSTART:20240320T100000Z',
  'DTEND:20240320T103000Z',
  'SUMMARY:Benefits enrolment',
  'LOCATION:https://examplebank-benefits.example/join/8841',
  'ORGANIZER:mailto:hr@examplebank-benefits.example',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\n');
const MSG_PDF = RECEIVED_MSG.attachments[0]?.properties.find(([id]) => id === 0x3701)?.[1] as Uint8Array;

const box = (name: string, address: string): Mailbox => ({ name, address });
const html = (href: string, text: string): EmailLink => ({ href, text, in: 'html' });
const text = (href: string): EmailLink => ({ href, in: 'text' });
const attached = (name: string, type: string, content: Uint8Array | string) => ({ name, type, size: Buffer.byteLength(content), sha256: sha256(content) });
const PAT = box('Pat Jones', 'pat.jones@recipient.test');
const PAT_ADDRESS = box('', 'pat.jones@recipient.test');
const SAFE_LINK =
  'https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fquota-upgrade.example%2Fowa%3Fu%3Dpat&data=05%7C02%7Cpat.jones%40recipient.test%7C6f1c2b3a4d5e%7C0%7C0%7C638457000000000000%7CUnknown&sdata=VGVzdFNpZ25hdHVyZQ%3D%3D&reserved=0';
const URL_DEFENSE_V2 = 'https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_login&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=abc123&m=xyz789&s=sig456&e=';
const URL_DEFENSE_V3 = 'https://urldefense.com/v3/__https://evil.example/login__;!!ABC!xyz$';

interface Expected {
  file: string;
  subject: string | null;
  from: Mailbox | null;
  to: Mailbox[];
  date: string | null;
  replyTo?: Mailbox[];
  returnPath?: string | null;
  cc?: Mailbox[];
  links?: EmailLink[];
  attachments?: ReturnType<typeof attached>[];
  notes?: EmailReadNote[];
  /** Found in the text. */
  says?: string[];
}

const CORPUS: Expected[] = [
  {
    file: 'plain-text.eml',
    subject: 'Your invoice is overdue',
    from: box('Northwind Billing', 'billing@northwind-invoices.example'),
    to: [PAT],
    date: '2024-03-04T10:15:00.000Z',
    returnPath: 'billing@northwind-invoices.example',
    links: [text('https://northwind-invoices.example/pay?inv=0001'), text('https://northwind-invoices.example/help')],
    says: ['Hello Pat,\n\nYour invoice INV-0001 is overdue. Pay now at https://northwind-invoices.example/pay?inv=0001.\nQuestions? See the help page'],
  },
  {
    file: 'alternative.eml',
    subject: 'You have 12,500 points waiting',
    from: box('Contoso Rewards', 'rewards@contoso-rewards.example'),
    to: [PAT, box('Lee, Sam', 'sam.lee@recipient.test')],
    cc: [box('', 'team@recipient.test')],
    date: '2024-03-05T13:02:11.000Z',
    returnPath: 'bounce-77@mailer.contoso-rewards.example',
    links: [
      html('https://contoso-rewards.example/claim?u=77&src=mail', 'Claim your reward'),
      html('https://contoso-rewards.example/unsubscribe', ''),
      text('https://contoso-rewards.example/claim?u=77'),
      { href: 'https://contoso-rewards.example/u.png', in: 'html', kind: 'resource' },
    ],
    says: ['You have 12,500 points waiting.\nClaim them: https://contoso-rewards.example/claim?u=77\n'],
  },
  {
    file: 'quoted-printable.eml',
    subject: 'Kontobestaetigung erforderlich',
    from: box('Sicherheitsteam', 'sicherheit@examplebank-login.example'),
    to: [box('', 'kunde@recipient.test')],
    date: '2024-03-06T06:45:00.000Z',
    links: [text('https://examplebank-login.example/verify?id=12345&lang=de')],
    says: ['Grüße,\n\nbitte bestätigen Sie Ihr Konto: https://examplebank-login.example/verify?id=12345&lang=de\n'],
  },
  {
    file: 'base64-body.eml',
    subject: 'Parcel on hold',
    from: box('Parcel Service', 'noreply@parcel-redelivery.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-07T11:00:00.000Z',
    links: [html('https://parcel-redelivery.example/track?id=PX-2291', 'Reschedule delivery')],
    says: ['Parcel on hold\n\nYour parcel could not be delivered. Reschedule delivery\n\nFee: 1.99 EUR'],
  },
  {
    file: 'encoded-utf8.eml',
    subject: 'Ihr Konto wurde gesperrt – bitte bestätigen 🔒',
    from: box('Zoë at Example Bank', 'zoe@examplebank-kunden.example'),
    to: [box('', 'kunde@recipient.test')],
    date: '2024-03-08T08:00:00.000Z',
    links: [text('https://examplebank-kunden.example/entsperren')],
    says: ['Bitte bestätigen Sie Ihr Konto'],
  },
  {
    file: 'encoded-latin1.eml',
    subject: 'Votre compte a été suspendu',
    from: box('Banque Exemple Sécurité', 'securite@banque-exemple-alerte.example'),
    to: [box('', 'client@recipient.test')],
    date: '2024-03-08T09:30:00.000Z',
    links: [text('https://banque-exemple-alerte.example/reactiver')],
    says: ['Votre compte a été suspendu. Réactivez-le ici'],
  },
  {
    file: 'encoded-koi8-r.eml',
    subject: 'Ваш счёт заблокирован',
    from: box('Служба безопасности', 'security@examplebank-verify.example'),
    to: [box('', 'client@recipient.test')],
    date: '2024-03-09T05:00:00.000Z',
    links: [text('https://examplebank-verify.example/ru/login')],
    // The body is windows-1251, its line ends CRLF: read as one "\n".
    says: ['Здравствуйте! Ваш счёт заблокирован.\nПодтвердите данные: https://examplebank-verify.example/ru/login\nСлужба безопасности\n'],
  },
  {
    file: 'encoded-shift-jis.eml',
    subject: '【重要】アカウント確認のお願い',
    from: box('カスタマーサポート', 'support@examplebank-jp.example'),
    to: [box('', 'customer@recipient.test')],
    date: '2024-03-09T09:00:00.000Z',
    links: [text('https://examplebank-jp.example/verify')],
    says: ['お客様のアカウントを確認してください。\nhttps://examplebank-jp.example/verify\n'],
  },
  {
    file: 'forwarded.eml',
    subject: 'Fwd: Unusual sign-in activity',
    from: PAT,
    to: [box('SOC', 'soc@recipient.test')],
    date: '2024-03-11T09:30:00.000Z',
    links: [text('https://intranet.recipient.test/report/991'), html('https://examp1ebank.example/secure?t=9', 'Secure your account'), text('https://examp1ebank.example/secure')],
    attachments: [attached('details.txt', 'text/plain', DETAILS_TXT), attached('original.eml', 'message/rfc822', ORIGINAL_EML)],
    says: [
      'report/991.\n\n---------- Forwarded message ----------\nFrom: Example Bank <alerts@examp1ebank.example>\nDate: 2024-03-10T22:10:00.000Z\nSubject: Unusual sign-in activity\nTo: Pat Jones <pat.jones@recipient.test>\n\nWe noticed a sign-in from a new device.',
    ],
  },
  {
    file: 'outlook-received.msg',
    subject: 'Action required: confirm your account',
    from: box('Example Bank Support', 'support@examplebank-support.example'),
    replyTo: [box('', 'recovery@account-help.test')],
    to: [box('Dana Whitfield', 'dana.whitfield@examplebank.com')],
    date: '2024-03-05T09:13:58.000Z',
    links: [
      html('https://examplebank-support.example/confirm?id=4471', 'https://www.examplebank.com/account'),
      text('https://examplebank-support.example/confirm'),
      text('https://www.examplebank.com/account'),
    ],
    // The embedded .msg is checked below: its bytes are the ones msgreader rebuilds.
    attachments: [attached('invoice-4471.pdf', 'application/pdf', MSG_PDF)],
    notes: [{ kind: 'nested_not_read' }],
    says: ['Dear customer,\nConfirm your account at https://examplebank-support.example/confirm today.\nExample Bank'],
  },
  {
    file: 'outlook-sent-no-headers.msg',
    subject: 'FW: Suspicious invoice',
    from: box('Dana Whitfield', 'dana.whitfield@examplebank.com'),
    to: [box('Security Operations', 'soc@examplebank.com')],
    cc: [box('Abuse desk', 'abuse@takedown.test')],
    date: '2024-03-06T08:30:00.000Z',
    links: [text('https://invoice-portal.example/pay?ref=88')],
    attachments: [attached('notes.txt', 'application/octet-stream', 'Reported by phone at 08:12.\n')],
    says: ['Please take down hxxps://invoice-portal[.]example/pay', 'ring +44 20 7946 0018.'],
  },
  {
    file: 'safe-links.eml',
    subject: 'Mailbox quota exceeded',
    from: box('IT Helpdesk', 'helpdesk@recipient-it-support.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-12T08:00:00.000Z',
    links: [html(SAFE_LINK, 'Increase your quota'), text(SAFE_LINK)],
  },
  {
    file: 'proofpoint.eml',
    subject: 'Update your direct deposit',
    from: box('Payroll', 'payroll@hr-portal-update.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-12T14:00:00.000Z',
    links: [html(URL_DEFENSE_V3, 'Payroll portal'), text(URL_DEFENSE_V2), text(URL_DEFENSE_V3)],
  },
  {
    file: 'display-name-brand.eml',
    subject: 'Your account has been limited',
    from: box('PayPal Security', 'alert@secure-paypa1-verify.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-13T06:12:00.000Z',
    returnPath: 'bounce@secure-paypa1-verify.example',
    links: [text('https://secure-paypa1-verify.example/restore')],
  },
  {
    file: 'display-name-address.eml',
    subject: 'Urgent wire transfer',
    from: box('ceo@examplebank.com', 'x@evil.example'),
    replyTo: [box('Office of the CEO', 'ceo.office@freemail.test')],
    to: [box('', 'finance@examplebank.com')],
    date: '2024-03-13T16:40:00.000Z',
  },
  {
    file: 'reply-to-elsewhere.eml',
    subject: 'Refund pending',
    from: box('Example Bank', 'service@examplebank.com'),
    replyTo: [box('Example Bank Service', 'examplebank.service@freemail.test')],
    to: [PAT_ADDRESS],
    date: '2024-03-14T12:00:00.000Z',
  },
  {
    file: 'idn-lookalike.eml',
    subject: 'Security check',
    from: box('Example Bank', 'security@xn--xamplebank-jsi.com'),
    to: [PAT_ADDRESS],
    date: '2024-03-14T13:00:00.000Z',
    // The text's link has a Cyrillic "е" (U+0435) where "e" would be.
    links: [html('https://xn--xamplebank-jsi.com/login', 'security check'), text('https://\u0435xamplebank.com/login')],
  },
  {
    file: 'link-text-mismatch.eml',
    subject: 'Statement available',
    from: box('Example Bank', 'notices@examplebank-notices.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-15T07:00:00.000Z',
    links: [html('https://evil.example/login', 'https://www.examplebank.com/login'), html('http://203.0.113.50/x', 'www.examplebank.com'), text('https://www.examplebank.com/login')],
  },
  {
    file: 'no-received.eml',
    subject: 'Draft: notes on the parcel scam',
    from: PAT,
    to: [box('', 'soc@recipient.test')],
    date: '2024-03-15T08:00:00.000Z',
    links: [text('https://parcel-fee.example/pay')],
  },
  {
    file: 'received-chain.eml',
    subject: 'Verify your identity',
    from: box('Example Bank', 'security@examplebank.com'),
    to: [box('Dana Whitfield', 'dana.whitfield@examplebank.com')],
    date: '2024-03-05T09:13:58.000Z',
    returnPath: 'bounce@secure-paypa1-verify.example',
    links: [text('https://secure-paypa1-verify.example/id')],
  },
  {
    file: 'auth-pass.eml',
    subject: 'Spring sale starts today',
    from: box('Contoso Shop', 'news@contoso-shop.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-06T15:00:00.000Z',
    returnPath: 'bounces+pat.jones=recipient.test@newsletters.contoso-shop.example',
    links: [text('https://contoso-shop.example/sale')],
  },
  {
    file: 'malformed-headers.eml',
    subject: 'Account notice',
    from: box('Support Team', 'support@helpdesk-verify.example'),
    // "undisclosed-recipients:;" is a group without members; the Reply-To cannot be read; the Date stays as written.
    to: [],
    replyTo: [],
    date: 'Tuesday the 32nd of Foo, 2024 at 25:61',
    links: [text('https://helpdesk-verify.example/account')],
  },
  {
    file: 'hostile-html.eml',
    subject: 'A document was shared with you',
    from: box('Document Share', 'share@docs-share-files.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-16T10:00:00.000Z',
    // Relative to the <base href>; javascript:, data:, cid: and #top are not links.
    links: [html('https://docs-share-files.example/s/view?doc=4471', 'Open the document'), { href: 'https://tracker.docs-share-files.example/bg.png', in: 'html', kind: 'resource' }],
    says: ['A document was shared with you.\n\nPreview or Open the document\n\nSign in Details Top Logo\n\nSent with Document Share & friends <3'],
  },
  {
    file: 'attachments.eml',
    subject: 'Invoice 4471',
    from: box('Accounts', 'accounts@invoice-portal.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-17T12:00:00.000Z',
    attachments: [attached('inline-1.png', 'image/png', PNG), attached('invoice-4471.pdf', 'application/pdf', PDF), attached('Rechnung März.zip', 'application/zip', ZIP)],
    says: ['Please find invoice 4471 attached.'],
  },
  {
    file: 'calendar-invite.eml',
    subject: 'Invitation: Benefits enrolment',
    from: box('Example Bank HR', 'hr@examplebank-benefits.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-18T09:00:00.000Z',
    links: [text('https://examplebank-benefits.example/join/8841')],
    attachments: [attached('attachment-1.ics', 'text/calendar', INVITE_ICS)],
  },
  {
    file: 'phone-numbers.eml',
    subject: 'Suspicious payment blocked',
    from: box('Example Bank Fraud Team', 'fraud-team@examplebank-alerts.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-19T07:30:00.000Z',
    says: ['call our fraud line now on +1 202-555-0143,\nor from the UK on 020 7946 0018 (24/7).'],
  },
  {
    file: 'mbox-from-line.eml',
    subject: 'Delivery attempt failed',
    from: box('Parcel Service', 'noreply@parcel-redelivery.example'),
    to: [PAT_ADDRESS],
    date: '2024-03-19T09:59:00.000Z',
    links: [text('https://parcel-redelivery.example/rebook')],
  },
];

describe('readEmail over the corpus', () => {
  it.each(CORPUS)('$file', async (expected) => {
    const message = await readMessage(readFixture(expected.file), expected.file);
    expect({
      format: message.format,
      subject: message.subject,
      from: message.from,
      replyTo: message.replyTo,
      returnPath: message.returnPath,
      to: message.to,
      cc: message.cc,
      date: message.date,
      links: message.links,
      attachments: expected.file.endsWith('received.msg') ? message.attachments.slice(0, 1) : message.attachments,
      notes: message.notes,
    }).toEqual({
      format: expected.file.endsWith('.msg') ? 'msg' : 'eml',
      subject: expected.subject,
      from: expected.from,
      replyTo: expected.replyTo ?? [],
      returnPath: expected.returnPath ?? null,
      to: expected.to,
      cc: expected.cc ?? [],
      date: expected.date,
      links: expected.links ?? [],
      attachments: expected.attachments ?? [],
      notes: expected.notes ?? [],
    });
    for (const said of expected.says ?? []) expect(message.text).toContain(said);
  });

  it.each([
    ['not-email-note.txt', 'a text file whose first line looks like a header'],
    ['not-email.pdf', 'a PDF'],
  ])('%s is not an email (%s)', async (file) => {
    expect(await readEmail(readFixture(file), file)).toEqual({ ok: false, failure: 'not_email' });
  });
});

describe('what the reader keeps of the headers', () => {
  it('keeps the header block as written, and every header in order, unfolded', async () => {
    const bytes = readFixture('received-chain.eml');
    const message = await readMessage(bytes);
    expect(message.headersText).toBe(Buffer.from(bytes).toString('utf8').split('\r\n\r\n')[0]);
    expect(message.headers.map((header) => header.name)).toEqual([
      'Received',
      'Received',
      'Authentication-Results',
      'Received-SPF',
      'Received',
      'Received',
      'DKIM-Signature',
      'Return-Path',
      'From',
      'To',
      'Subject',
      'Date',
      'Message-ID',
      'MIME-Version',
      'Content-Type',
    ]);
    expect(message.headers[4]).toEqual({
      key: 'received',
      name: 'Received',
      value:
        'from mail.secure-paypa1-verify.example (unknown [185.234.72.19])\tby mx1.examplebank.com (Postfix) with ESMTPS id 4TqK2x0Jz\tfor <dana.whitfield@examplebank.com>; Tue, 5 Mar 2024 09:14:05 +0000 (UTC)',
    });
    expect(message.messageId).toBe('<chain-1@secure-paypa1-verify.example>');
  });

  it('drops a line that is no header, and a header with a blank in its name, but keeps them in the header text', async () => {
    const message = await readMessage(readFixture('malformed-headers.eml'));
    expect(message.headers.map((header) => header.name)).toEqual(['From', 'To', 'Subject', 'Date', 'Reply-To', 'Message-ID', 'MIME-Version', 'Content-Type']);
    expect(message.headersText).toContain('\r\nthis line is not a header at all\r\nTo: undisclosed-recipients:;\r\nX Bad Header: a field name');
  });

  it('reads the Sender, and leaves an mbox "From " line out of the header text', async () => {
    expect((await readMessage(readFixture('alternative.eml'))).sender).toEqual(box('Contoso Mailer', 'mailer@mailer.contoso-rewards.example'));
    const mbox = await readMessage(readFixture('mbox-from-line.eml'));
    expect(mbox.headersText.split('\n')[0]).toBe('From: "Parcel Service" <noreply@parcel-redelivery.example>');
    expect(mbox.headers.map((header) => header.key)).toEqual(['from', 'to', 'subject', 'date', 'message-id']);
  });

  it('gives a .msg’s transport headers as its header text', async () => {
    const message = await readMessage(readFixture('outlook-received.msg'));
    expect(message.headersText.split('\r\n').slice(-3)).toEqual([
      'Message-ID: <20240305091358.4711@examplebank-support.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="----=_Part_1"',
    ]);
    expect(message.headers.filter((header) => header.key === 'received')).toHaveLength(2);
    expect(message.messageId).toBe('<20240305091358.4711@examplebank-support.example>');
  });

  it('writes a .msg without transport headers’ properties as header lines', async () => {
    const message = await readMessage(readFixture('outlook-sent-no-headers.msg'));
    expect(message.headersText).toBe(
      [
        'From: "Dana Whitfield" <dana.whitfield@examplebank.com>',
        'To: "Security Operations" <soc@examplebank.com>',
        'Cc: "Abuse desk" <abuse@takedown.test>',
        'Subject: FW: Suspicious invoice',
        'Date: Wed, 06 Mar 2024 08:30:00 GMT',
      ].join('\r\n'),
    );
    expect(message.headers.map((header) => header.key)).toEqual(['from', 'to', 'cc', 'subject', 'date']);
  });
});

describe('what the reader keeps of the body', () => {
  it('keeps no script, style, title or handler of a hostile HTML email, and no javascript: link', async () => {
    const message = await readMessage(readFixture('hostile-html.eml'));
    for (const hidden of ['SHOULD-NOT-SHOW', 'document.cookie', 'ONLOAD', 'ONERROR', 'JS-LINK', 'alert', 'tracker', 'url(']) expect(message.text).not.toContain(hidden);
    expect(message.links.filter((link) => /^(?:javascript|data|cid):|^#/i.test(link.href))).toEqual([]);
  });

  it('does not read a forwarded message attached as a file, only describes it', async () => {
    const message = await readMessage(readFixture('forwarded.eml'));
    expect(message.text).not.toContain('Last chance');
    expect(message.links.map((link) => link.href)).not.toContain('https://examp1ebank.example/final');
  });

  it('describes an embedded .msg as the .msg msgreader rebuilds, and says it was not read', async () => {
    const bytes = readFixture('outlook-received.msg');
    const reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const embedded = reader.getAttachment(reader.getFileData().attachments?.[1] ?? 1).content;
    const message = await readMessage(bytes);
    expect(message.attachments[1]).toEqual(attached('Earlier notice.msg', 'application/vnd.ms-outlook', embedded));
    expect(message.text).not.toContain('Your account will be closed');
  });

  it('hands on an email forwarded as an attachment, to be read on its own', async () => {
    const message = await readMessage(readFixture('forwarded-as-attachment.eml'));
    const attached = message.attachedEmails ?? [];
    expect(attached.map((email) => email.name)).toEqual(['Urgent your account will be closed.eml']);
    // As postal-mime gives a part sent as text: its line ends are LF (a mail client saves either); the last belongs to the boundary.
    expect(new TextDecoder().decode(attached[0]?.bytes)).toBe(new TextDecoder().decode(readFixture('phish-examplebank.eml')).replace(/\r\n/g, '\n'));
    expect(message.text).not.toContain('Dear customer');
  });

  it('hands on an embedded .msg as the .msg msgreader rebuilds', async () => {
    const message = await readMessage(readFixture('outlook-received.msg'));
    expect(message.attachedEmails?.map(({ name, bytes }) => [name, sha256(bytes)])).toEqual([['Earlier notice.msg', message.attachments[1]?.sha256]]);
  });

  it('hands on no more than 5 attached emails, and none when there is none', async () => {
    const part = (index: number) =>
      `--b\r\nContent-Type: message/rfc822\r\nContent-Disposition: attachment; filename="f${index}.eml"\r\n\r\nFrom: a${index}@evil.example\r\nSubject: ${index}\r\n\r\nx\r\n`;
    const email = `From: pat@examplebank.com\r\nSubject: seven\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${[1, 2, 3, 4, 5, 6, 7].map(part).join('')}--b--\r\n`;
    const message = await readMessage(new TextEncoder().encode(email));
    expect(message.attachments).toHaveLength(7);
    expect(message.attachedEmails?.map((attached) => attached.name)).toEqual(['f1.eml', 'f2.eml', 'f3.eml', 'f4.eml', 'f5.eml']);
    expect('attachedEmails' in (await readMessage(readFixture('plain-text.eml')))).toBe(false);
  });

  it('reads an email saved with a byte order mark', async () => {
    const bytes = readFixture('plain-text.eml');
    const message = await readMessage(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]));
    expect([message.from?.address, message.subject]).toEqual(['billing@northwind-invoices.example', 'Your invoice is overdue']);
  });
});
