import { MAX_HEADER_BYTES } from './email-limits';

// Which reader a file goes to, told from its bytes: a file's name says what
// the sender wanted it to look like, not what it is.

/** The magic of an OLE compound file, which an Outlook .msg is ([MS-CFB] 2.2). */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** A field name as RFC 5322 3.6.8 spells it (printable ASCII but ':'), then the colon; obsolete syntax allows blanks before it. */
const FIELD_LINE = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

/** The line an mbox file puts before each message; some clients save it with the .eml. */
const MBOX_LINE = /^From (?![ \t]*:)[^\r\n]*\r?\n/;

/** Fields that every sent email has one of; a header-shaped text file without any is not an email. */
const KEY_FIELD = /^(?:from|date|subject|received|message-id|mime-version)[ \t]*:/im;

/** Whether the bytes are an OLE compound file, as an Outlook .msg is. */
export function isOleFile(bytes: Uint8Array): boolean {
  return bytes.length >= OLE_MAGIC.length && OLE_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** The bytes without a UTF-8 byte order mark, which some editors put first and which would join the first field's name. */
export function withoutBom(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

/** The header block as written: the lines before the first empty one, without an mbox "From " line, line ends kept. */
export function headerBlock(bytes: Uint8Array): string {
  const head = bytes.subarray(0, MAX_HEADER_BYTES);
  const end = findBlankLine(head);
  const block = decodeHeaderBytes(head.subarray(0, end < 0 ? head.length : end));
  return block.replace(MBOX_LINE, '').replace(/\r?\n$/, '');
}

/**
 * Whether the bytes read as an RFC 5322 message: the first line is a field
 * (after an mbox "From " line, if any), and the header block has one of the
 * fields every sent email has. Both, so that neither a PNG nor a text file
 * that happens to start with "Note: …" is taken for an email.
 */
export function looksLikeEmail(bytes: Uint8Array): boolean {
  const block = headerBlock(bytes);
  return FIELD_LINE.test(block) && KEY_FIELD.test(block);
}

/** The offset just past the line end that ends the header block (the first line end followed by an empty line), or -1. */
function findBlankLine(bytes: Uint8Array): number {
  for (let index = bytes.indexOf(0x0a); index >= 0; index = bytes.indexOf(0x0a, index + 1)) {
    const next = bytes[index + 1];
    if (next === 0x0a || (next === 0x0d && bytes[index + 2] === 0x0a)) return index + 1;
  }
  return -1;
}

/** Headers are ASCII, or UTF-8 (RFC 6532); an old client's 8-bit header is read as Windows-1252 rather than shown as replacement characters. */
function decodeHeaderBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
