import { toUnicode } from 'punycode/punycode.es6.js';
import { getDomainWithoutSuffix } from 'tldts';
import { findIndicators } from '../indicators/find';
import { withoutInvisible } from '../indicators/invisible';
import { lookalikeFinder } from '../indicators/lookalike';
import { addressHost, asciiHost, indicatorHost, registrableDomain } from '../indicators/registrable';
import { skeleton } from '../indicators/skeleton';
import { unwrapSafeLink } from '../indicators/safe-links';
import { isWebLink } from '../indicators/web-link';
import { findingHost } from './email-indicators';
import type { EmailAnalysisOptions, EmailFinding, EmailMessage, EmailWarning, Mailbox } from './email-types';
import { isFreeMail } from './free-mail';
import { hiddenCharacterWarnings } from './hidden-characters';
import { shownPlace } from './link-text';

// The tricks an email plays on its reader, told from its headers and links:
// a name that is not the address, replies that go elsewhere, links that show
// one place and go to another, domains that imitate the organisation's own.

/** Brand names shorter than this must be a whole word of the display name: "ibm" is inside too many names. */
const MIN_INSIDE_LENGTH = 4;

/**
 * A display name or brand as the eye reads it: invisible characters dropped,
 * compatibility forms folded, each part between spaces and hyphens made its
 * confusables skeleton, the parts joined ("Ex\u200Bаmple-Bank" with a Cyrillic а
 * → "examplebank"). Part by part, so "Ledger News" does not read as "ledgemews".
 */
function squeezed(text: string): string {
  return withoutInvisible(text)
    .normalize('NFKC')
    .split(/[\s-]+/)
    .map(skeleton)
    .join('');
}

/** The words of a display name as the eye reads them (invisible characters dropped, each word's skeleton). */
function wordsOf(name: string): string[] {
  return withoutInvisible(name)
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map((word) => skeleton(word));
}

/** True when two hosts have one owner (the same registrable domain). */
function sameOwner(a: string, b: string): boolean {
  return registrableDomain(a) === registrableDomain(b);
}

/** The own domains' brand names: the label before the public suffix, in Unicode ("examplebank" for mail.examplebank.co.uk). */
function brandsOf(ownDomains: readonly string[]): { own: string; host: string; brand: string }[] {
  return ownDomains.flatMap((own) => {
    const host = asciiHost(own);
    const label = host ? getDomainWithoutSuffix(host) : null;
    return host && label ? [{ own, host, brand: squeezed(toUnicode(label)) }] : [];
  });
}

/** A display name that names an own brand while the address is not the brand's. */
function brandWarnings(from: Mailbox, fromHost: string, ownDomains: readonly string[]): EmailWarning[] {
  const brands = brandsOf(ownDomains);
  // Sent from any own domain, the name is the organisation's to use.
  if (brands.some(({ host }) => sameOwner(fromHost, host))) return [];
  const name = squeezed(from.name);
  const words = wordsOf(from.name);
  return brands
    .filter(({ brand }) => (brand.length >= MIN_INSIDE_LENGTH ? name.includes(brand) : words.includes(brand)))
    .map(({ own }) => ({ kind: 'display_name_brand', name: from.name, brand: own, domain: fromHost }));
}

/** A display name holding an address or domain of another owner than the From address ("ceo@examplebank.com" <x@evil.example>). */
function addressInNameWarnings(from: Mailbox, fromHost: string): EmailWarning[] {
  return findIndicators(from.name).flatMap(({ text, check }) => {
    const host = check.ok ? indicatorHost(check.indicator) : null;
    return host && !sameOwner(host, fromHost) ? [{ kind: 'display_name_address', name: from.name, shown: text, domain: fromHost } as const] : [];
  });
}

/** Two to four capitalised words of letters (a hyphen or apostrophe inside one): how a person's name reads. */
function looksLikePersonName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 4 && words.every((word) => /^\p{Lu}[\p{L}'’-]*$/u.test(word) && /\p{Ll}/u.test(word));
}

/**
 * A person's name on a free-mail address, writing to an organisation: to a
 * recipient not on free mail, or (no recipient given) to one whose own domains
 * are set.
 */
function personOnFreeMailWarnings(message: EmailMessage, from: Mailbox, fromHost: string, ownDomains: readonly string[]): EmailWarning[] {
  if (!isFreeMail(fromHost) || !looksLikePersonName(from.name)) return [];
  const recipients = [...message.to, ...message.cc].map(({ address }) => addressHost(address)).filter(Boolean);
  const toOrganisation = recipients.length > 0 ? recipients.some((host) => !isFreeMail(host)) : ownDomains.length > 0;
  return toOrganisation ? [{ kind: 'display_name_person_freemail', name: from.name, domain: fromHost }] : [];
}

/** Reply-To addresses of another owner than the From address. */
function replyToWarnings(message: EmailMessage, fromHost: string): EmailWarning[] {
  return message.replyTo.flatMap(({ address }) => {
    const host = addressHost(address);
    return host && !sameOwner(host, fromHost) ? [{ kind: 'reply_to_elsewhere', replyTo: address, fromDomain: fromHost } as const] : [];
  });
}

/**
 * HTML links whose text shows a URL or domain of another owner than where
 * they go: unwrapped from a mail gateway or known redirector (ClickTime…),
 * whose host is not the sender's; not from any link carrying a URL in its
 * query, whose host is the sender's and decides where the click goes.
 */
function linkTextWarnings(message: EmailMessage): EmailWarning[] {
  return message.links.flatMap((link) => {
    const shown = link.in === 'html' && link.text ? shownPlace(link.text) : null;
    const target = shown ? (unwrapSafeLink(link.href) ?? link.href) : '';
    const targetHost = isWebLink(target) ? new URL(target).hostname : '';
    return shown && targetHost && !sameOwner(shown.host, targetHost) ? [{ kind: 'link_text_mismatch', text: shown.text, shownDomain: shown.host, targetDomain: targetHost } as const] : [];
  });
}

/** Every host among the findings (addresses, links, link texts and the text's mentions) that imitates an own domain. */
function lookalikeWarnings(findings: readonly EmailFinding[], ownDomains: readonly string[]): EmailWarning[] {
  if (ownDomains.length === 0) return [];
  const imitates = lookalikeFinder(ownDomains);
  const hosts = new Set(findings.map(findingHost).filter((host) => host !== null));
  return [...hosts].flatMap((domain) => {
    const lookalike = imitates(domain);
    return lookalike ? [{ kind: 'lookalike', domain, ...lookalike } as const] : [];
  });
}

/**
 * What the email does to deceive its reader: characters hidden in From, the
 * subject or an attachment name; the display name naming an own
 * brand, holding another address, or a person's name on free mail; replies
 * going elsewhere; link texts showing another domain than the target; and
 * domains imitating the own ones. Each warning once.
 */
export function findEmailWarnings(message: EmailMessage, findings: readonly EmailFinding[], options: EmailAnalysisOptions): EmailWarning[] {
  const { from } = message;
  const fromHost = from ? addressHost(from.address) : '';
  const named =
    from?.name && fromHost
      ? [...brandWarnings(from, fromHost, options.ownDomains), ...addressInNameWarnings(from, fromHost), ...personOnFreeMailWarnings(message, from, fromHost, options.ownDomains)]
      : [];
  const warnings = [
    ...hiddenCharacterWarnings(message),
    ...named,
    ...(fromHost ? replyToWarnings(message, fromHost) : []),
    ...linkTextWarnings(message),
    ...lookalikeWarnings(findings, options.ownDomains),
  ];
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = JSON.stringify(warning);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
