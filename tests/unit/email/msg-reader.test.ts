import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '@/utils/email/email-types';
import { Ansi, buildMsg, type MsgSpec } from '../../fixtures/email/make-msg';
import { readMessage } from './email-fixtures';

// An Outlook .msg read as the review window shows it: its transport headers,
// and its properties where those headers are missing or say nothing.

const PR_MESSAGE_CLASS = 0x001a;
const PR_SUBJECT = 0x0037;
const PR_SENDER_NAME = 0x0c1a;
const PR_SENDER_EMAIL = 0x0c1f;
const PR_BODY = 0x1000;
const PR_TRANSPORT_HEADERS = 0x007d;
const PR_DELIVERY_TIME = 0x0e06;
const PR_MESSAGE_ID = 0x1035;
const PR_RECIPIENT_TYPE = 0x0c15;
const PR_DISPLAY_NAME = 0x3001;
const PR_SMTP_ADDRESS = 0x39fe;

type Properties = MsgSpec['properties'];

const recipient = (type: 1 | 2 | 3, name: string, address: string): Properties => [
  [PR_RECIPIENT_TYPE, type],
  [PR_DISPLAY_NAME, name],
  [PR_SMTP_ADDRESS, address],
];

/** An item with these properties and recipients, no attachment. */
const msg = (properties: Properties, recipients: Properties[] = []) => buildMsg({ properties, recipients, attachments: [] });

/** The properties of a received item: subject, sender, delivery time, Message-ID. */
const ITEM: Properties = [
  [PR_MESSAGE_CLASS, 'IPM.Note'],
  [PR_SUBJECT, 'Invoice overdue'],
  [PR_SENDER_NAME, 'Billing "Dept"'],
  [PR_SENDER_EMAIL, 'billing@invoices.example'],
  [PR_DELIVERY_TIME, new Date('2024-03-05T09:14:07Z')],
  [PR_MESSAGE_ID, '<1@invoices.example>'],
];
const PEOPLE = [
  recipient(1, 'Dana', 'dana@examplebank.com'),
  recipient(1, 'Lee', 'lee@examplebank.com'),
  recipient(2, 'Abuse desk', 'abuse@examplebank.com'),
  recipient(3, 'Hidden', 'bcc@examplebank.com'),
];

/** What the review window shows of a message's sender, recipients, subject, date and id. */
function shown(message: EmailMessage) {
  const { subject, date, from, to, cc, messageId } = message;
  return { subject, date, from, to: to.map(({ address }) => address), cc: cc.map(({ address }) => address), messageId };
}

describe('readEmail reads a .msg', () => {
  it.each<[string, Properties, ReturnType<typeof shown>]>([
    [
      'without transport headers: its properties, Bcc left out',
      ITEM,
      {
        subject: 'Invoice overdue',
        date: '2024-03-05T09:14:07.000Z',
        from: { name: 'Billing "Dept"', address: 'billing@invoices.example' },
        to: ['dana@examplebank.com', 'lee@examplebank.com'],
        cc: ['abuse@examplebank.com'],
        messageId: '<1@invoices.example>',
      },
    ],
    [
      'with transport headers cut short: its properties for what they lack',
      [...ITEM, [PR_TRANSPORT_HEADERS, 'Received: from mail.invoices.example by mx.examplebank.com; Tue, 5 Mar 2024 09:14:05 +0000\r\n']],
      {
        subject: 'Invoice overdue',
        date: '2024-03-05T09:14:07.000Z',
        from: { name: 'Billing "Dept"', address: 'billing@invoices.example' },
        to: ['dana@examplebank.com', 'lee@examplebank.com'],
        cc: ['abuse@examplebank.com'],
        messageId: '<1@invoices.example>',
      },
    ],
    [
      'with transport headers: the headers first',
      [
        ...ITEM,
        [
          PR_TRANSPORT_HEADERS,
          'From: Alerts <alerts@evil.example>\r\nTo: victim@examplebank.com\r\nCc: other@examplebank.com\r\nSubject: Locked\r\nDate: Tue, 5 Mar 2024 09:00:00 +0000\r\nMessage-ID: <2@evil.example>\r\n',
        ],
      ],
      {
        subject: 'Locked',
        date: '2024-03-05T09:00:00.000Z',
        from: { name: 'Alerts', address: 'alerts@evil.example' },
        to: ['victim@examplebank.com'],
        cc: ['other@examplebank.com'],
        messageId: '<2@evil.example>',
      },
    ],
  ])('%s', async (_, properties, expected) => {
    expect(shown(await readMessage(msg(properties, PEOPLE), 'item.msg'))).toEqual(expected);
  });

  it('writes its properties as the header lines a reader knows, names quoted', async () => {
    const message = await readMessage(msg(ITEM, PEOPLE), 'item.msg');
    expect(message.headersText.split('\r\n')).toEqual([
      'From: "Billing \\"Dept\\"" <billing@invoices.example>',
      'To: "Dana" <dana@examplebank.com>, "Lee" <lee@examplebank.com>',
      'Cc: "Abuse desk" <abuse@examplebank.com>',
      'Subject: Invoice overdue',
      'Date: Tue, 05 Mar 2024 09:14:07 GMT',
      'Message-ID: <1@invoices.example>',
    ]);
  });

  it('gives a sender without a name an empty one', async () => {
    const message = await readMessage(
      msg([
        [PR_MESSAGE_CLASS, 'IPM.Note'],
        [PR_SENDER_EMAIL, 'billing@invoices.example'],
      ]),
      'item.msg',
    );
    expect(message.from).toEqual({ name: '', address: 'billing@invoices.example' });
  });

  it.each<[string, Properties, string]>([
    ['a body alone', [[PR_BODY, 'Pay now.']], 'Pay now.'],
    ['a subject alone', [[PR_SUBJECT, 'Pay now']], ''],
  ])('reads an item holding %s as a message', async (_, properties, text) => {
    expect((await readMessage(msg(properties), 'item.msg')).text.trim()).toBe(text);
  });

  const PR_MESSAGE_CODEPAGE = 0x3ffd;
  const PR_INTERNET_CPID = 0x3fde;
  const PR_HTML = 0x1013;
  const cyrillic = (hex: string) => new Ansi(Buffer.from(hex, 'hex'));

  it('reads an old item in its code page when only a recipient’s name is 8-bit', async () => {
    const message = await readMessage(
      msg(
        [...ITEM, [PR_MESSAGE_CODEPAGE, 1251]],
        [
          [
            [PR_RECIPIENT_TYPE, 1],
            [PR_DISPLAY_NAME, cyrillic('d1f7b8f2')],
            [PR_SMTP_ADDRESS, 'dana@examplebank.com'],
          ],
        ],
      ),
      'old.msg',
    );
    expect(message.to).toEqual([{ name: 'Счёт', address: 'dana@examplebank.com' }]);
  });

  it('reads an old item in its code page when only an attachment’s name is 8-bit', async () => {
    const bytesOfOld = buildMsg({
      properties: [...ITEM, [PR_MESSAGE_CODEPAGE, 1251]],
      recipients: [],
      attachments: [
        {
          properties: [
            [0x3705, 1],
            [0x3707, cyrillic('d1f7b8f22e706466')],
            [0x370e, 'application/pdf'],
            [0x3701, new TextEncoder().encode('%PDF-1.4')],
          ],
        },
      ],
    });
    expect((await readMessage(bytesOfOld, 'old.msg')).attachments.map(({ name }) => name)).toEqual(['Счёт.pdf']);
  });

  it('reads the HTML body in the item’s code page', async () => {
    const message = await readMessage(
      msg([
        [PR_MESSAGE_CLASS, 'IPM.Note'],
        [PR_HTML, Buffer.from('<p>Caf\xe9 ferm\xe9</p>', 'latin1')],
        [PR_INTERNET_CPID, 1252],
      ]),
      'item.msg',
    );
    expect(message.text.trim()).toBe('Café fermé');
  });

  it('names an attachment without a file name by its kind, not by its display name', async () => {
    const item = buildMsg({
      properties: ITEM,
      recipients: [],
      attachments: [
        {
          properties: [
            [0x3705, 1],
            [PR_DISPLAY_NAME, 'Invoice'],
            [0x370e, 'application/pdf'],
            [0x3701, new TextEncoder().encode('%PDF-1.4')],
          ],
        },
      ],
    });
    expect((await readMessage(item, 'item.msg')).attachments.map(({ name }) => name)).toEqual(['attachment-1.pdf']);
  });
});
