import { checkIndicator } from '../indicators/check';
import { findIndicators, type FoundIndicator } from '../indicators/find';
import { addressHost, indicatorHost } from '../indicators/registrable';
import type { IndicatorCheck, IndicatorOptions } from '../indicators/types';
import type { EmailAnalysisOptions, EmailFinding, EmailLink, EmailMessage, EmailReadNote, FoundWhere, ReceivedChain } from './email-types';
import { isFreeMail } from './free-mail';
import { linkTarget, shownPlace } from './link-text';

// Everything in an email a user may report, each once with every place it
// was found: the sender's addresses, the links, what the text mentions, and
// the IPv4 it was sent from.

/** What finds the indicators of an email's text: findIndicators, or the reading worker's, which tells the page what it found so far. */
export type TextFinder = (text: string, options: IndicatorOptions) => FoundIndicator[];

/** At most this many findings are shown: a 10,000-link newsletter stays a list one can read (and a page that stays quick). */
export const FINDINGS_MAX = 1000;

/** The findings in the order a user reads them, each `type value` once, its places merged in the order found. */
class Findings {
  readonly #byKey = new Map<string, EmailFinding>();

  add(text: string, check: IndicatorCheck, where: FoundWhere, unwrappedFrom?: string): void {
    const key = check.ok ? `${check.indicator.type} ${check.indicator.value}` : `? ${text}`;
    const known = this.#byKey.get(key);
    if (!known) {
      this.#byKey.set(key, { text, check, where: [where], ...(unwrappedFrom ? { unwrappedFrom } : {}) });
      return;
    }
    if (!known.where.includes(where)) known.where.push(where);
    if (unwrappedFrom && !known.unwrappedFrom) known.unwrappedFrom = unwrappedFrom;
  }

  /** Adds only what checks as valid: a header or link that is no indicator ("#", "cid:…", "MAILER-DAEMON") is not one to list. */
  addValid(text: string, where: FoundWhere, options: IndicatorOptions, unwrappedFrom?: string): IndicatorCheck {
    const check = checkIndicator(text, options);
    if (check.ok) this.add(text, check, where, unwrappedFrom);
    return check;
  }

  get list(): EmailFinding[] {
    return [...this.#byKey.values()];
  }
}

/**
 * A header's address, then its domain as written (lower-cased), both found in
 * `where`. The domain of a free-mail service is left out: it is never the
 * sender's to take down.
 */
function addAddress(findings: Findings, address: string | null | undefined, where: FoundWhere, options: IndicatorOptions): void {
  if (!address) return;
  const check = checkIndicator(address, options);
  if (!check.ok || check.indicator.type !== 'email') return;
  findings.add(address, check, where);
  const written = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (!isFreeMail(addressHost(check.indicator.value))) findings.addValid(written, where, options);
}

/**
 * A link's target (unwrapped from a mail gateway's or a redirector's, the
 * wrapper listed as well), each address of a mailto: link, and the URL or
 * domain its text shows when that is another host. A link its reader never
 * sees is found in 'link_hidden' instead of 'link'.
 */
function addLink(findings: Findings, link: EmailLink, options: IndicatorOptions): void {
  const where: FoundWhere = link.hidden ? 'link_hidden' : 'link';
  const target = linkTarget(link.href);
  if (/^mailto:/i.test(target.href)) {
    const addresses = target.href.slice('mailto:'.length).split('?')[0]!;
    for (const address of safeDecode(addresses).split(',')) findings.addValid(address.trim(), where, options);
  } else {
    findings.addValid(target.href, where, options, target.unwrappedFrom);
  }
  if (target.unwrappedFrom) findings.addValid(target.unwrappedFrom, 'wrapper', options);
  const shown = link.in === 'html' && link.text ? shownPlace(link.text) : null;
  const targetHost = URL.parse(target.href)?.hostname;
  if (shown && shown.host !== targetHost) findings.add(shown.text, { ok: true, indicator: shown.indicator }, 'link_text');
}

/** The host of what the HTML loads by itself, as a domain or an IPv4 (a tracking pixel's server): the URL carries the recipient's token, the host is what can be taken down. */
function addResource(findings: Findings, href: string, options: IndicatorOptions): void {
  const host = URL.parse(href)?.hostname;
  if (host) findings.addValid(host, 'resource', options);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Every indicator in an email, each once with every place it was found:
 * the From, Reply-To, Sender and Return-Path addresses and their domains, the
 * links (unwrapped from safe-link rewriters and redirectors, the wrapper
 * listed too), URLs and domains a link's text shows, the hosts the HTML loads
 * by itself, what the text mentions, and the originating IPv4 — in that order.
 * Headers and links give only valid indicators; the text gives what
 * findIndicators gives, invalid ones included (a phone number waiting for a
 * country), as a pasted selection would. Not capped: see capFindings.
 * `findInText` finds the text's (the reading worker's reports its progress).
 */
export function findEmailIndicators(message: EmailMessage, received: ReceivedChain, options: EmailAnalysisOptions, findInText: TextFinder = findIndicators): EmailFinding[] {
  const indicatorOptions: IndicatorOptions = options.defaultCountry ? { defaultCountry: options.defaultCountry } : {};
  const findings = new Findings();
  addAddress(findings, message.from?.address, 'from', indicatorOptions);
  for (const replyTo of message.replyTo) addAddress(findings, replyTo.address, 'reply_to', indicatorOptions);
  addAddress(findings, message.sender?.address, 'sender', indicatorOptions);
  addAddress(findings, message.returnPath, 'return_path', indicatorOptions);
  for (const link of message.links) {
    if (link.kind === 'resource') addResource(findings, link.href, indicatorOptions);
    else addLink(findings, link, indicatorOptions);
  }
  // The text as a selection reads it (one finder, issue 44); a rewritten link's wrapper is listed as such.
  for (const { text, check, unwrappedFrom } of findInText(message.text, indicatorOptions)) {
    findings.add(text, check, 'body', unwrappedFrom);
    if (unwrappedFrom) findings.addValid(unwrappedFrom, 'wrapper', indicatorOptions);
  }
  if (received.originatingIp) findings.addValid(received.originatingIp, 'received', indicatorOptions);
  return findings.list;
}

/** The first FINDINGS_MAX findings, and the note saying how many were left out when some were. */
export function capFindings(findings: EmailFinding[]): { findings: EmailFinding[]; note?: EmailReadNote } {
  if (findings.length <= FINDINGS_MAX) return { findings };
  return { findings: findings.slice(0, FINDINGS_MAX), note: { kind: 'findings_capped', total: findings.length, kept: FINDINGS_MAX } };
}

/** The host a finding names, for comparing it with the own domains; null for a phone, an IPv4 or an invalid one. */
export function findingHost(finding: EmailFinding): string | null {
  return finding.check.ok ? indicatorHost(finding.check.indicator) : null;
}
