import { decodeWords } from 'postal-mime';
import { cleanAddress, trimStray } from './address-clean';
import { tokenizeAddresses, type AddressToken } from './address-tokens';
import type { Mailbox } from './email-types';

// An address header read as Thunderbird and Outlook show it, not as the
// grammar alone would: "Fressnapf Gutschein, jehd <service@example.de>" is
// one sender named "Fressnapf Gutschein, jehd" (an unquoted comma in the
// name, a common trick that left the From empty), a group's members are
// its mailboxes, and what is not an address is no mailbox.

type Word = Extract<AddressToken, { kind: 'word' }>;

/** The tokens between two commas. */
interface Entry {
  words: Word[];
  /** The first angle address that holds an address (else the last one), and that address cleaned. */
  angle: string | null;
  angleAddress: string | null;
  comments: string[];
  /** A word outside quotes holds an '@'. */
  bareAt: boolean;
}

function newEntry(): Entry {
  return { words: [], angle: null, angleAddress: null, comments: [], bareAt: false };
}

/** Adds a word, a comment or an angle address to the entry; each is looked at once (the reading stays linear). */
function addToEntry(entry: Entry, token: AddressToken): void {
  if (token.kind === 'word') {
    entry.words.push(token);
    entry.bareAt ||= !token.quoted && token.text.includes('@');
  } else if (token.kind === 'comment') {
    entry.comments.push(token.text);
  } else if (token.kind === 'angle' && entry.angleAddress === null) {
    // The first angle that holds an address: "Name"<>123<a@example.com> sends from a@example.com.
    entry.angle = token.text;
    entry.angleAddress = cleanAddress(token.text);
  }
}

/** A ':' that is not a group's: part of the name before it. */
function addColon(entry: Entry): void {
  const last = entry.words.at(-1);
  if (last) entry.words[entry.words.length - 1] = { ...last, text: `${last.text}:` };
}

/** What an entry gives: a mailbox, or only a name (the part of a name before an unquoted comma). */
interface ReadEntry {
  name: string;
  address: string | null;
  /** Written as "name <address>": a name cut off by a comma before it is its own. */
  named: boolean;
}

/** Words as written, a blank between two (those written together are one word by now: joinWords). */
function wordsText(words: readonly Word[]): string {
  return words.map((word) => word.text).join(' ');
}

/** The entry's words run together into the words a reader sees ("john"@example.com is one). */
function joinWords(words: readonly Word[]): Word[] {
  const joined: Word[] = [];
  for (const word of words) {
    const last = joined.at(-1);
    if (last && word.joined) joined[joined.length - 1] = { ...last, text: last.text + word.text, quoted: last.quoted && word.quoted };
    else joined.push({ ...word });
  }
  return joined;
}

/** A display name decoded (RFC 2047 encoded words, inside quotes too, as every client does), without stray ends (a 0xA0 byte after the address). */
function displayName(text: string): string {
  return trimStray(text.includes('=?') ? decodeWords(text) : text);
}

/** An address written in a comment, "(<a@example.com>)": the only address some senders give. */
function commentAddress(comments: readonly string[]): string | null {
  for (const comment of comments) {
    const inner = comment.trim().replace(/^<([^<>]*)>$/, '$1');
    if (inner.includes('@')) return cleanAddress(inner);
  }
  return null;
}

/** An entry's name and address: the angle address, else the last bare word that is an address, else one in a comment. */
function readEntry(entry: Entry): ReadEntry {
  const words = joinWords(entry.words);
  const commentName = displayName(entry.comments.join(' '));
  if (entry.angle !== null) return { name: displayName(wordsText(words)) || commentName, address: entry.angleAddress, named: true };
  // A quoted word is a name even with an '@' in it: "ceo@examplebank.com" <x@example.net> names no address.
  const index = words.findLastIndex((word) => !word.quoted && word.text.includes('@') && cleanAddress(word.text) !== null);
  if (index >= 0) return { name: displayName(wordsText(words.filter((_, i) => i !== index))) || commentName, address: cleanAddress(words[index]!.text), named: false };
  const inComment = commentAddress(entry.comments);
  return { name: displayName(wordsText(words)), address: inComment, named: inComment !== null };
}

/** True when the entry so far is a name only: before a ':' it names a group. */
function isNameOnly(entry: Entry): boolean {
  return entry.angle === null && !entry.bareAt;
}

/**
 * The mailboxes of an address header, those with an address only, in order.
 * Names cut by unquoted commas are read back into the mailbox after them
 * ("Doe, Jane <j@example.com>"). A group ("Team: a@x.example, b@y.example;",
 * "undisclosed-recipients:;") gives its members; a colon with no ';' after
 * it is part of a name ("Immediate: Your parcel <a@example.com>").
 */
export function readAddressList(value: string): Mailbox[] {
  const tokens = tokenizeAddresses(value);
  const lastSemicolon = tokens.findLastIndex((token) => token.kind === ';');
  const mailboxes: Mailbox[] = [];
  let nameParts: string[] = [];
  let entry = newEntry();
  const closeEntry = () => {
    if (entry.words.length === 0 && entry.angle === null && entry.comments.length === 0) return;
    const read = readEntry(entry);
    entry = newEntry();
    if (read.address === null && !read.named) {
      if (read.name) nameParts.push(read.name);
      return;
    }
    const name = read.named ? [...nameParts, read.name].filter(Boolean).join(', ') : read.name;
    nameParts = [];
    if (read.address) mailboxes.push({ name: name === read.address ? '' : name, address: read.address });
  };
  tokens.forEach((token, index) => {
    if (token.kind === ',' || token.kind === ';') {
      closeEntry();
      if (token.kind === ';') nameParts = [];
    } else if (token.kind === ':' && isNameOnly(entry) && index < lastSemicolon) {
      entry = newEntry();
      nameParts = [];
    } else if (token.kind === ':') {
      addColon(entry);
    } else {
      addToEntry(entry, token);
    }
  });
  closeEntry();
  return mailboxes;
}

/** The first mailbox of the headers (From, Sender: each may be given more than once) that has an address, or null. */
export function readFirstMailbox(values: readonly string[]): Mailbox | null {
  for (const value of values) {
    const [first] = readAddressList(value);
    if (first) return first;
  }
  return null;
}
