import MsgReader from '@kenjiuno/msgreader';
import { describe, expect, it } from 'vitest';
import { buildMsg, MSG_FIXTURES } from '../../fixtures/email/make-msg';
import { readFixture } from './email-fixtures';

// The committed .msg files are what make-msg.ts writes, and msgreader reads
// back what it wrote: the fixtures test the reader, not the generator's bugs.

describe('make-msg.ts', () => {
  it.each(Object.keys(MSG_FIXTURES))('still writes %s byte for byte', (name) => {
    const spec = MSG_FIXTURES[name];
    if (!spec) expect.fail(name);
    expect(Buffer.from(buildMsg(spec)).equals(Buffer.from(readFixture(name)))).toBe(true);
  });

  it('writes a received email msgreader reads back: subject, sender, transport headers, bodies, recipient, attachments', () => {
    const bytes = readFixture('outlook-received.msg');
    const reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const fields = reader.getFileData();
    expect({
      messageClass: fields.messageClass,
      subject: fields.subject,
      senderName: fields.senderName,
      senderEmail: fields.senderEmail,
      headersStart: fields.headers?.slice(0, 30),
      body: fields.body?.split('\r\n')[0],
      html: new TextDecoder().decode(fields.html).slice(0, 15),
      codePage: fields.internetCodepage,
      delivered: fields.messageDeliveryTime,
      recipients: fields.recipients?.map(({ name, smtpAddress, recipType }) => ({ name, smtpAddress, recipType })),
      attachments: fields.attachments?.map((attachment) => [attachment.fileName ?? attachment.name, attachment.attachMimeTag, attachment.innerMsgContent ?? false]),
    }).toEqual({
      messageClass: 'IPM.Note',
      subject: 'Action required: confirm your account',
      senderName: 'Example Bank Support',
      senderEmail: 'support@examplebank-support.example',
      headersStart: 'Received: from mx1.examplebank',
      body: 'Dear customer,',
      html: '<html><body><p>',
      codePage: 65001,
      delivered: 'Tue, 05 Mar 2024 09:14:07 GMT',
      recipients: [{ name: 'Dana Whitfield', smtpAddress: 'dana.whitfield@examplebank.com', recipType: 'to' }],
      attachments: [
        ['invoice-4471.pdf', 'application/pdf', false],
        ['Earlier notice', undefined, true],
      ],
    });
    expect(new TextDecoder().decode(reader.getAttachment(0).content).slice(0, 8)).toBe('%PDF-1.4');
    expect(fields.attachments?.[1]?.innerMsgContentFields?.subject).toBe('Earlier notice');
  });

  it('writes a sent item without transport headers, an Exchange sender with an SMTP address beside it', () => {
    const bytes = readFixture('outlook-sent-no-headers.msg');
    const fields = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).getFileData();
    expect([fields.headers, fields.senderAddressType, fields.senderSmtpAddress, fields.clientSubmitTime, fields.recipients?.map((recipient) => recipient.recipType)]).toEqual([
      undefined,
      'EX',
      'dana.whitfield@examplebank.com',
      'Wed, 06 Mar 2024 08:30:00 GMT',
      ['to', 'cc'],
    ]);
  });
});
