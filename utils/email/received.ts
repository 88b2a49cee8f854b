import { ipv4Warning, parseIpv4 } from '../indicators/ipv4';
import { getDomain } from 'tldts';
import { addressHost, asciiHost, isUnder } from '../indicators/registrable';
import type { EmailHeader, ReceivedChain, ReceivedHop } from './email-types';
import { mailProvider } from './mail-providers';
import { readMailDate } from './mail-date';

// The Received headers: each server that handed the email on put one on top
// (RFC 5321 §4.4): "from host (rdns [ip]) by host with proto id x for <a>;
// date". Reading them shows the way the email came, and the IPv4 it was sent
// from: the one worth reporting beside the sender's address.

/** What the recipient's servers are, for finding where the email entered them. */
export interface ReceivedOptions {
  /** The organisation's own domains (settings). */
  ownDomains: readonly string[];
  /**
   * The addresses the email was written to (To, Cc). The sender wrote them: a
   * domain of its own among them would make its relays pass for the
   * recipient's, so the caller leaves out the sender's (analyse-email.ts).
   */
  recipients: readonly string[];
}

/** One hop, with the name the receiving server found for its sender (its reverse DNS) when it wrote its finding: '' for none found. */
interface Hop extends ReceivedHop {
  senderName?: string;
}

/** The clauses of a Received header (RFC 5321 §4.4 Stamp), by their keyword. */
const KEYWORDS = new Set(['from', 'by', 'via', 'with', 'id', 'for']);

interface Clause {
  keyword: string;
  words: string[];
  comments: string[];
}

/** The clauses of a Received value before its date: each keyword's words and the comments after them. */
function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let depth = 0;
  let comment = '';
  let word = '';
  const endWord = () => {
    const current = clauses.at(-1);
    // A keyword right after another is that one's value ("from by.example").
    if (KEYWORDS.has(word.toLowerCase()) && (!current || current.words.length > 0)) clauses.push({ keyword: word.toLowerCase(), words: [], comments: [] });
    else if (word) current?.words.push(word);
    word = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (depth > 0 && char === '\\') comment += text[++i] ?? '';
    else if (char === '(' && depth++ === 0) endWord();
    else if (char === ')' && depth > 0 && --depth === 0) {
      clauses.at(-1)?.comments.push(comment.trim());
      comment = '';
    } else if (depth > 0) comment += char;
    else if (/\s/.test(char)) endWord();
    else word += char;
  }
  endWord();
  return clauses;
}

/** The value split at its last `;` outside a comment: the clauses, and the date. */
function splitDate(value: string): [string, string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '(') depth++;
    else if (value[i] === ')') depth = Math.max(0, depth - 1);
    else if (value[i] === ';' && depth === 0) last = i;
  }
  return last < 0 ? [value, ''] : [value.slice(0, last), value.slice(last + 1)];
}

/** A strict dotted quad, or undefined. */
function ipv4(text: string | undefined): string | undefined {
  return text !== undefined && parseIpv4(text) ? text : undefined;
}

/**
 * The IPv4 the server received from: in brackets in its comment ("rdns
 * [ip]", checked by the server, with the name it found), else the sender's own
 * address literal (Exim: "from [ip]"), else a bare address in the comment
 * (Exchange: "(203.0.113.5)"). IPv6 is left out.
 */
function senderOf(from: Clause): { ip?: string; name?: string } {
  for (const comment of from.comments) {
    const match = /(?:^|\s)(?:([^\s[\]]+)\s+)?\[(\d{1,3}(?:\.\d{1,3}){3})\]/.exec(comment);
    // Postfix writes "unknown" when the address has no confirmed name: then the sender has none, whatever it said in HELO.
    if (ipv4(match?.[2])) return { ip: match![2], name: match![1] && match![1].toLowerCase() !== 'unknown' ? match![1] : '' };
  }
  const literal = ipv4(/^\[(.+)\](?::\d+)?$/.exec(from.words[0] ?? '')?.[1]);
  if (literal) return { ip: literal };
  const bare = from.comments.map((comment) => /(?:^|[\s=])(\d{1,3}(?:\.\d{1,3}){3})(?=$|[\s:\]])/.exec(comment)?.[1]).find((ip) => ipv4(ip));
  return bare ? { ip: bare } : {};
}

/** One Received header read. */
function readHop(raw: string): Hop {
  const [stamp, date] = splitDate(raw);
  const clauses = clausesOf(stamp);
  const clause = (keyword: string) => clauses.find((candidate) => candidate.keyword === keyword);
  const from = clause('from');
  const sender = from ? senderOf(from) : {};
  const fromHost = from?.words[0];
  const byHost = clause('by')?.words[0];
  const protocol = clause('with')?.words.join(' ');
  const at = readMailDate(date);
  return {
    ...(fromHost ? { fromHost } : {}),
    ...(sender.ip ? { fromIp: sender.ip } : {}),
    ...(byHost ? { byHost } : {}),
    ...(protocol ? { with: protocol } : {}),
    ...(at ? { at } : {}),
    raw,
    ...(sender.name === undefined ? {} : { senderName: sender.name }),
  };
}

/** True for an address no server on the Internet sends from: private, loopback, link-local, shared, multicast or reserved ranges. A documentation range (RFC 5737) counts as outside, as in examples and test emails it stands for one. */
function isInternal(ip: string): boolean {
  const warning = ipv4Warning(parseIpv4(ip)!);
  return warning !== undefined && warning !== 'ipv4_documentation';
}

/** The first IPv4 in the topmost X-Originating-IP or X-Sender-IP header (webmail services write the client's address there), when it is outside. */
function webmailClientIp(headers: readonly EmailHeader[]): string | undefined {
  const header = headers.find(({ key }) => key === 'x-originating-ip' || key === 'x-sender-ip');
  const ip = ipv4(/\d{1,3}(?:\.\d{1,3}){3}/.exec(header?.value ?? '')?.[0]);
  return ip && !isInternal(ip) ? ip : undefined;
}

/**
 * Where the email entered the recipient's servers. Walking down from the
 * newest hop: hops without an IPv4 are passed over, and so are senders inside
 * (a private address) or among the recipient's own servers — names under the
 * own domains, the recipients' domains, or the registrable domain of the
 * newest server that names itself (the recipient's mail provider). The first
 * other sender is the one that handed the email in. A hop written by a server
 * not the recipient's ends the walk: below it, anyone could have written the
 * headers. Failing that, the webmail client's address the sender's provider
 * wrote, when there is one.
 */
function originatingIp(newestFirst: readonly Hop[], headers: readonly EmailHeader[], options: ReceivedOptions): Origin | undefined {
  const provider = newestFirst.map((hop) => getDomain(asciiHost(hop.byHost ?? '') ?? '')).find((domain) => domain);
  const own = [...options.ownDomains, ...options.recipients.map(addressHost), ...(provider ? [provider] : [])].flatMap((name) => asciiHost(name) ?? []);
  const isOwn = (name: string | undefined) => {
    const host = asciiHost(name ?? '');
    return host !== null && own.some((domain) => isUnder(host, domain));
  };
  for (const hop of newestFirst) {
    if (!hop.fromIp || isInternal(hop.fromIp)) continue;
    if (hop.byHost && !isOwn(hop.byHost)) break;
    if (isOwn(hop.senderName ?? hop.fromHost)) continue;
    return behindRelay(newestFirst, newestFirst.indexOf(hop), headers);
  }
  const client = webmailClientIp(headers);
  return client ? { ip: client } : undefined;
}

/** The IPv4 the email came from, and the provider's relay it came through when it did (ReceivedChain.originatingRelay). */
interface Origin {
  ip: string;
  relay?: { provider: string; ip: string };
}

/** The provider a hop's sender is a relay of, by the name the receiving server found for it (else the name it gave). */
function senderProvider(hop: Hop): string | undefined {
  return mailProvider(hop.senderName ?? hop.fromHost);
}

/**
 * The origin when the hop at `at` handed the email in: a provider's relay is
 * labelled, and the sender behind it given instead when the provider's own
 * servers wrote it down (an older hop they received with an outside IPv4) or
 * its webmail wrote the client's (X-Originating-IP). Hops below one the
 * provider did not write are anyone's and are not read.
 */
function behindRelay(newestFirst: readonly Hop[], at: number, headers: readonly EmailHeader[]): Origin {
  const hop = newestFirst[at]!;
  const provider = senderProvider(hop);
  if (!provider) return { ip: hop.fromIp! };
  const relay = { provider, ip: hop.fromIp! };
  for (const older of newestFirst.slice(at + 1)) {
    if (!older.fromIp) continue;
    if (mailProvider(older.byHost) !== provider) break;
    if (isInternal(older.fromIp) || senderProvider(older) === provider) continue;
    return { ip: older.fromIp, relay };
  }
  // An address a hop received from is a server's on the way (Exchange Online writes its own relay's there), not the webmail client's.
  const client = webmailClientIp(headers);
  return { ip: client && !newestFirst.some((any) => any.fromIp === client) ? client : hop.fromIp!, relay };
}

/** The Received headers as hops, oldest first, the IPv4 the email came from (see originatingIp), and the provider's relay it came through (see behindRelay). */
export function readReceivedChain(headers: readonly EmailHeader[], options: ReceivedOptions): ReceivedChain {
  const newestFirst = headers.filter(({ key }) => key === 'received').map(({ value }) => readHop(value));
  const origin = originatingIp(newestFirst, headers, options);
  const hops = newestFirst.toReversed().map(({ senderName: _senderName, ...hop }) => hop);
  return { hops, ...(origin ? { originatingIp: origin.ip } : {}), ...(origin?.relay ? { originatingRelay: origin.relay } : {}) };
}
