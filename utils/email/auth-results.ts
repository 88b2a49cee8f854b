import type { AuthResult, EmailHeader } from './email-types';
import { type ReceivingSideCheck, receivingSideCheck } from './auth-trust';
import { withoutComments } from './header-text';

// What the receiving server says it checked (SPF, DKIM, DMARC…), as its
// Authentication-Results header states it (RFC 8601). Shown, never trusted
// for more than it is: we check nothing ourselves.
//
// One Authentication-Results header is read: the first the receiving side
// wrote (auth-trust.ts), else the topmost, marked untrusted. A sender can
// write any it likes (RFC 8601 §7.1: a receiver trusts only the results it
// wrote). For the same reason ARC-Authentication-Results are left out: they
// are the claims of earlier hops, carried along for a forwarder (RFC 8617).

/** The property that says what a method's result is about, best first (RFC 8601 §2.7). */
const TELLING: Readonly<Record<string, readonly string[]>> = {
  dkim: ['header.d', 'header.i'],
  spf: ['smtp.mailfrom', 'smtp.helo'],
  dmarc: ['header.from'],
};

/** A method (with an optional /version) and a result keyword (RFC 8601 §2.2). */
const METHOD = /^([a-z\d][a-z\d_-]*)(?:\/\d+)?$/i;
const RESULT = /^[a-z][a-z\d_-]*$/i;

/**
 * `key=value` pairs; a value is a token, a quoted string, or an address whose
 * local part is one (RFC 8601 §2.2 pvalue). A key starts where a token does
 * (the lookbehind), so a long token is tried once, not from each character.
 */
const PAIR = /(?<![^\s=;"])([^\s=;"]+)\s*=\s*("(?:[^"\\]|\\.)*"[^\s;"]*|[^\s;"]+)/g;

/** Where the quoted string opening at `start` ends (just past its closing quote), or -1 when it is never closed. */
function quotedEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return -1;
}

/**
 * The text split at each `;` outside a quoted string. A quote never closed
 * splits it too, and so does every quote after it (none of them can close):
 * read in one pass, where a pattern tried each such quote to the end of the
 * text, seconds on a header of many `\"`.
 */
function statements(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let unclosed = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const end = char === '"' && !unclosed ? quotedEnd(text, i) : -1;
    if (end > 0) {
      current += text.slice(i, end);
      i = end - 1;
    } else if (char === ';' || char === '"') {
      unclosed ||= char === '"';
      if (current) parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (current) parts.push(current.trim());
  return parts;
}

/** The value with a leading quoted string's content unescaped; a token as it is. */
function unquote(value: string): string {
  return value.replace(/^"((?:[^"\\]|\\.)*)"/, (_, content: string) => content.replace(/\\(.)/g, '$1'));
}

/** The `key=value` pairs of a statement, keys lower-cased, in order. */
function pairsOf(statement: string): [string, string][] {
  return Array.from(statement.matchAll(PAIR), (match) => [match[1]!.toLowerCase(), unquote(match[2]!)]);
}

/** One `method=result reason=… ptype.property=value…` statement, or null when it is malformed. */
function readResult(statement: string, by: string | undefined): Omit<AuthResult, 'trusted'> | null {
  const [first, ...properties] = pairsOf(statement);
  const method = first && METHOD.exec(first[0])?.[1]?.toLowerCase();
  if (!first || !method || !statement.toLowerCase().startsWith(first[0]) || !RESULT.test(first[1])) return null;
  // Only ptype.property pairs say what was checked; reason= and action= do not.
  const named = properties.filter(([key]) => key.includes('.'));
  const telling = (TELLING[method] ?? []).map((key) => named.find(([name]) => name === key)).find(Boolean) ?? named[0];
  return { method, result: first[1].toLowerCase(), ...(telling ? { detail: `${telling[0]}=${telling[1]}` } : {}), ...(by ? { by } : {}) };
}

/** The authserv-id of an Authentication-Results value; undefined when it has none (Exchange Online starts with the first result; an id is a token, which holds no `=`). */
function authservId(value: string): string | undefined {
  const head = statements(withoutComments(value))[0] ?? '';
  return head.includes('=') ? undefined : unquote(head.split(/\s+/)[0] ?? '') || undefined;
}

/** The results of one Authentication-Results value: `authserv-id [version]; result; result…` or `authserv-id; none`. */
function readAuthenticationResults(value: string): Omit<AuthResult, 'trusted'>[] {
  const [head = '', ...rest] = statements(withoutComments(value));
  const by = authservId(value);
  return (head.includes('=') ? [head, ...rest] : rest).flatMap((statement) => {
    const result = readResult(statement, by);
    return result ? [result] : [];
  });
}

/** The server a Received-SPF names: `receiver=`, else the host opening its comment (RFC 7208 §9.1: "pass (mybox.example.org: domain of …)"). */
function spfReceiver(value: string, pairs: ReadonlyMap<string, string>): string | undefined {
  return pairs.get('receiver') ?? /^\s*[a-z]+\s*\(\s*([^\s:()]+):/i.exec(value)?.[1];
}

/** A Received-SPF value as an spf result (RFC 7208 §9.1: `result (comment) key=value; …`), or null when it is malformed. */
function readReceivedSpf(value: string): Omit<AuthResult, 'trusted'> | null {
  const text = withoutComments(value).trim();
  const result = /^[a-z]+(?=\s|;|$)/i.exec(text)?.[0];
  if (!result) return null;
  const pairs = new Map(pairsOf(text.slice(result.length)));
  const from = pairs.get('envelope-from');
  const helo = pairs.get('helo');
  const detail = from ? `smtp.mailfrom=${from}` : helo ? `smtp.helo=${helo}` : undefined;
  const by = spfReceiver(value, pairs);
  return { method: 'spf', result: result.toLowerCase(), ...(detail ? { detail } : {}), ...(by ? { by } : {}) };
}

/**
 * The results of the headers of `key` the first writer of the receiving side
 * wrote (a server may write one header a method: Proton Mail does), else of
 * the topmost header alone, marked untrusted.
 */
function resultsOf(headers: readonly EmailHeader[], key: string, read: (value: string) => Omit<AuthResult, 'trusted'>[], isReceiving: ReceivingSideCheck): AuthResult[] {
  const candidates = headers.flatMap((header, index) => {
    if (header.key !== key) return [];
    const results = read(header.value);
    // A header with no result still names its writer: `mx.example.com; none`.
    const by = results[0]?.by ?? (key === 'authentication-results' ? authservId(header.value) : undefined);
    return [{ results, by, trusted: isReceiving(index, by) }];
  });
  const chosen = candidates.find(({ trusted }) => trusted);
  if (chosen) return candidates.filter(({ by, trusted }) => trusted && by === chosen.by).flatMap(({ results }) => results.map((result) => ({ ...result, trusted: true })));
  // Untrusted, only the topmost: those below it could all be the sender's.
  return (candidates[0]?.results ?? []).map((result) => ({ ...result, trusted: false }));
}

/** Headers that carry a server's verdict on the email: the recipient side's, an earlier hop's (ARC, a forwarder's original), or the sender's own. */
const VERDICT_HEADERS: Readonly<Record<string, (value: string) => Omit<AuthResult, 'trusted'>[]>> = {
  'authentication-results': readAuthenticationResults,
  'arc-authentication-results': readAuthenticationResults,
  'authentication-results-original': readAuthenticationResults,
  'received-spf': (value) => [readReceivedSpf(value) ?? []].flat(),
};

/**
 * Every failure any verdict header claims, trusted or not. A sender has no
 * reason to write that its own mail failed, so a claimed DMARC or SPF fail is
 * enough to leave a sender unticked (default-pick.ts), never to tick one.
 */
export function readFailClaims(headers: readonly EmailHeader[]): AuthResult[] {
  return headers.flatMap((header) => (VERDICT_HEADERS[header.key]?.(header.value) ?? []).filter((result) => result.result === 'fail').map((result) => ({ ...result, trusted: false })));
}

/**
 * The authentication results of the recipient's side: those of the first
 * Authentication-Results header its servers wrote (else the topmost one's,
 * marked untrusted), and the same of Received-SPF when that gives no spf
 * result. Who wrote a header is told by auth-trust.ts from the Received
 * chain and the own domains. Comments are dropped, results lower-cased, a
 * malformed result left out alone; `authserv-id; none` gives none.
 */
export function readAuthResults(headers: readonly EmailHeader[], ownDomains: readonly string[] = []): AuthResult[] {
  const isReceiving = receivingSideCheck(headers, ownDomains);
  const results = resultsOf(headers, 'authentication-results', readAuthenticationResults, isReceiving);
  if (results.some((result) => result.method === 'spf')) return results;
  const spf = resultsOf(headers, 'received-spf', (value) => [readReceivedSpf(value) ?? []].flat(), isReceiving);
  return [...results, ...spf];
}
