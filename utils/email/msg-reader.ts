import * as msgreader from '@kenjiuno/msgreader';
import type { default as MsgReaderClass, FieldsData } from '@kenjiuno/msgreader';
import { readBody } from './email-body';
import { EmailReadError, type EmailDraft, type FoundAttachment } from './email-draft';
import type { EmailHeader, Mailbox } from './email-types';
import { parseEmail } from './eml-reader';
import { readHeaderFields, toMailboxes, type HeaderFields } from './header-fields';
import { isSoundOleFile } from './ole-check';

// An Outlook .msg ([MS-OXMSG]) read with msgreader. A received email saved
// from Outlook keeps the headers it came with (PR_TRANSPORT_MESSAGE_HEADERS),
// read here as an .eml's are; a draft or a sent item has none, and its
// headers are told from its properties.

/** Code pages ([MS-OXPROPS] PidTagMessageCodepage, PidTagInternetCodepage) to the labels TextDecoder knows, besides windows-874 and 1250–1258; others read as UTF-8. */
const CODE_PAGES: Readonly<Record<number, string>> = {
  65001: 'utf-8',
  20127: 'us-ascii',
  28591: 'iso-8859-1',
  28592: 'iso-8859-2',
  28605: 'iso-8859-15',
  20866: 'koi8-r',
  21866: 'koi8-u',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  50220: 'iso-2022-jp',
  51932: 'euc-jp',
  54936: 'gb18030',
};

/** A property as the string it should be: in a damaged file, msgreader can give another type. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * msgreader is CommonJS: Node and vitest hand its class over as the default
 * export, the extension's bundler as the default export's `default` (measured:
 * "default is not a constructor" in the browser's worker).
 */
const MsgReader: typeof MsgReaderClass = (msgreader.default as unknown as { default?: typeof MsgReaderClass }).default ?? msgreader.default;

/** Reads an Outlook .msg: its headers (transport headers, else its properties), its body and its attachments. */
export async function readMsg(bytes: Uint8Array): Promise<EmailDraft> {
  if (!isSoundOleFile(bytes)) throw new EmailReadError('malformed');
  let reader: MsgReaderClass;
  let fields: FieldsData;
  try {
    ({ reader, fields } = readFields(bytes, null));
    // An old, non-Unicode .msg: its 8-bit strings read again in its code page (msgreader reads them a byte per character).
    const codePage = codePageLabel(fields.messageCodepage ?? fields.internetCodepage);
    if (codePage && hasEightBitText(fields)) ({ reader, fields } = readFieldsIn(bytes, codePage) ?? { reader, fields });
  } catch {
    throw new EmailReadError('malformed');
  }
  // Another OLE file (a .doc, an .xls) has none of a message's properties.
  if (fields.error || !(text(fields.messageClass) || text(fields.headers) || text(fields.subject) || text(fields.body))) throw new EmailReadError('not_email');

  const transport = text(fields.headers)?.trimEnd() ?? '';
  const properties = propertyFields(fields);
  const headerFields = transport ? withProperties(readHeaderFields(await parseEmail(`${transport}\r\n\r\n`)), properties) : properties;
  const body = readBody(text(fields.body), text(fields.bodyHtml) ?? decodeHtml(fields.html, fields.internetCodepage));
  const attachments = (fields.attachments ?? []).map((attachment) => foundAttachment(reader, attachment));
  return {
    format: 'msg',
    ...headerFields,
    headersText: transport || properties.headers.map((header) => `${header.name}: ${header.value}`).join('\r\n'),
    text: body.text,
    links: body.links,
    attachments,
    forwardsNotRead: (fields.attachments ?? []).some((attachment) => attachment.innerMsgContent === true),
  };
}

/** The transport headers' fields, where they lack one the property's (a header block cut short still has the subject). */
function withProperties(fromHeaders: HeaderFields, properties: HeaderFields): HeaderFields {
  return {
    ...fromHeaders,
    subject: fromHeaders.subject ?? properties.subject,
    date: fromHeaders.date ?? properties.date,
    from: fromHeaders.from ?? properties.from,
    to: fromHeaders.to.length > 0 ? fromHeaders.to : properties.to,
    cc: fromHeaders.cc.length > 0 ? fromHeaders.cc : properties.cc,
    messageId: fromHeaders.messageId ?? properties.messageId,
  };
}

/** The header fields a .msg's properties give, and the header lines they read as. */
function propertyFields(fields: FieldsData): HeaderFields {
  const from = toMailboxes([{ name: text(fields.senderName) ?? '', address: text(fields.senderSmtpAddress) ?? text(fields.senderEmail) ?? '' }])[0] ?? null;
  const recipients = (kind: 'to' | 'cc') =>
    toMailboxes(
      (fields.recipients ?? [])
        .filter((recipient) => (recipient.recipType ?? 'to') === kind)
        .map((recipient) => ({ name: text(recipient.name) ?? '', address: text(recipient.smtpAddress) ?? text(recipient.email) ?? '' })),
    );
  const to = recipients('to');
  const cc = recipients('cc');
  const time = text(fields.messageDeliveryTime) ?? text(fields.clientSubmitTime);
  const date = time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : null;
  const subject = text(fields.subject) ?? null;
  const messageId = text(fields.messageId) ?? null;
  const lines: [string, string | null][] = [
    ['From', from && formatMailbox(from)],
    ['To', to.map(formatMailbox).join(', ') || null],
    ['Cc', cc.map(formatMailbox).join(', ') || null],
    ['Subject', subject],
    ['Date', date && new Date(date).toUTCString()],
    ['Message-ID', messageId],
  ];
  const headers: EmailHeader[] = lines.flatMap(([name, value]) => (value === null ? [] : [{ key: name.toLowerCase(), name, value }]));
  return { subject, date, from, sender: null, replyTo: [], to, cc, returnPath: null, messageId, headers };
}

function formatMailbox(mailbox: Mailbox): string {
  return mailbox.name ? `"${mailbox.name.replace(/["\\]/g, '\\$&')}" <${mailbox.address}>` : mailbox.address;
}

/** The TextDecoder label of a code page, or null for none it knows. */
function codePageLabel(page: unknown): string | null {
  if (typeof page !== 'number') return null;
  if (page === 874 || (page >= 1250 && page <= 1258)) return `windows-${page}`;
  return CODE_PAGES[page] ?? null;
}

/** PidTagHtml is bytes in the message's code page. */
function decodeHtml(html: unknown, codePage: unknown): string | undefined {
  if (!(html instanceof Uint8Array)) return undefined;
  try {
    return new TextDecoder(codePageLabel(codePage ?? 65001) ?? 'utf-8').decode(html);
  } catch {
    return new TextDecoder('utf-8').decode(html);
  }
}

/** msgreader's reader and fields, its 8-bit strings (PT_STRING8) read in `codePage` (a TextDecoder label), or a byte per character when null. */
function readFields(bytes: Uint8Array, codePage: string | null): { reader: MsgReaderClass; fields: FieldsData } {
  const reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (codePage) reader.parserConfig = { ansiEncoding: codePage };
  return { reader, fields: reader.getFileData() };
}

/** The fields read again in the message's code page; null when that cannot be done (Node's iconv-lite knows no ISO-2022-JP): they stay as read. */
function readFieldsIn(bytes: Uint8Array, codePage: string): { reader: MsgReaderClass; fields: FieldsData } | null {
  try {
    return readFields(bytes, codePage);
  } catch {
    return null;
  }
}

/** True when a string shown holds U+0080–U+00FF: what an 8-bit string read a byte per character holds (a Unicode one that does is read again, unchanged). */
function hasEightBitText(fields: FieldsData): boolean {
  const shown = [
    fields.subject,
    fields.body,
    fields.senderName,
    fields.headers,
    ...(fields.recipients ?? []).map((recipient) => recipient.name),
    ...(fields.attachments ?? []).map((attachment) => attachment.fileName),
  ];
  return shown.some((value) => typeof value === 'string' && /[\x80-\xff]/.test(value));
}

/** An attachment; an embedded .msg is kept as the .msg msgreader rebuilds, not read. */
function foundAttachment(reader: MsgReaderClass, attachment: FieldsData): FoundAttachment {
  const embedded = attachment.innerMsgContent === true;
  const displayName = text(attachment.name);
  return {
    name: text(attachment.fileName) ?? text(attachment.fileNameShort) ?? (embedded && displayName ? `${displayName}.msg` : null),
    type: embedded ? 'application/vnd.ms-outlook' : (text(attachment.attachMimeTag)?.toLowerCase() ?? 'application/octet-stream'),
    inline: Boolean(text(attachment.pidContentId)),
    read: () => {
      // msgreader reads an attachment's stream only now: a damaged one throws here.
      try {
        return reader.getAttachment(attachment).content;
      } catch {
        throw new EmailReadError('malformed');
      }
    },
  };
}
