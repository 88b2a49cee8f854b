import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { parse as parseDomain } from 'tldts';
import { ipv4Warning, parseIpv4 } from './ipv4';
import { unicodeForm } from './idn';
import { refang } from './refang';
import { isHostnameSyntax } from './hostname';
import type { IndicatorCheck, IndicatorOptions, IndicatorType, IndicatorWarning } from './types';

// One typed or pasted input → one indicator, checked the way the service
// will check it (spec: report fields; phones are E.164), so bad input gets its
// message where it was typed and nothing invalid is sent.

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const PHONE_LIKE = /^\+?[\d\s().\-/]{6,}$/;
const HOST_AND_PATH = /^[^\s/?#@]+(?:[/?#]\S*)?$/;

/**
 * Why a valid host is worth a second look: not under a top-level domain the
 * bundled public-suffix list knows (ICANN section, through tldts: a gTLD newer
 * than the build, `.example`, an internal name), or a bare suffix (`co.uk`).
 * A warning, never a refusal: the list is only as new as the build (issue 19).
 */
function suffixWarning(hostname: string): IndicatorWarning | null {
  const { isIcann, domain, publicSuffix } = parseDomain(hostname);
  if (domain !== null && isIcann === true) return null;
  return isIcann === true && publicSuffix === hostname.replace(/\.$/, '') ? 'domain_public_suffix' : 'domain_unknown_suffix';
}

/** The warnings of a host: its IPv4 range, or its suffix. */
function hostWarnings(hostname: string): IndicatorWarning[] {
  const ip = parseIpv4(hostname);
  const warning = ip ? ipv4Warning(ip) : suffixWarning(hostname);
  return warning ? [warning] : [];
}

/**
 * The URL the text is, or undefined when it is none. Not `URL.canParse` then
 * `new URL`: Node 24.21's says yes to a host of 50,000 characters that its
 * `new URL` then refuses (a run of a crafted link text threw in the unit tests).
 */
function hostOf(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function fail(type: IndicatorType | null, problem: Extract<IndicatorCheck, { ok: false }>['problem']): IndicatorCheck {
  return { ok: false, type, problem };
}

function checkUrl(text: string): IndicatorCheck {
  const url = hostOf(text);
  if (!url) return fail('url', 'url_invalid');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('url', 'url_scheme');
  if (!parseIpv4(url.hostname) && !isHostnameSyntax(url.hostname)) return fail('url', 'url_invalid');
  return { ok: true, indicator: { type: 'url', value: url.href, warnings: hostWarnings(url.hostname) } };
}

function checkEmail(text: string): IndicatorCheck {
  const address = text.replace(/^mailto:/i, '');
  const at = address.lastIndexOf('@');
  const host = hostOf(`http://${address.slice(at + 1)}`)?.hostname;
  if (!EMAIL.test(address) || !host || !host.includes('.') || !isHostnameSyntax(host) || parseIpv4(host)) return fail('email', 'email_invalid');
  return { ok: true, indicator: { type: 'email', value: `${address.slice(0, at)}@${host}`, warnings: hostWarnings(host) } };
}

function checkPhone(text: string, options: IndicatorOptions): IndicatorCheck {
  const number = text.replace(/^tel:/i, '');
  if (!number.startsWith('+') && !options.defaultCountry) return fail('phone', 'phone_needs_country');
  const parsed = parsePhoneNumberFromString(number, options.defaultCountry as CountryCode | undefined);
  if (!parsed?.isValid()) return fail('phone', 'phone_invalid');
  return { ok: true, indicator: { type: 'phone', value: parsed.number, warnings: [] } };
}

function checkIpv4(text: string): IndicatorCheck {
  const numbers = parseIpv4(text);
  if (!numbers) return fail('ipv4', 'ipv4_invalid');
  const warning = ipv4Warning(numbers);
  return { ok: true, indicator: { type: 'ipv4', value: numbers.join('.'), warnings: warning ? [warning] : [] } };
}

function checkDomainOrBareUrl(text: string): IndicatorCheck {
  const url = hostOf(`http://${text}`);
  if (!url || !isHostnameSyntax(url.hostname)) return fail('domain', 'domain_invalid');
  const warnings = hostWarnings(url.hostname);
  const rest = text.slice(text.search(/[/?#]|$/));
  // A path, query or fragment makes it a URL. The service takes only a full
  // URL or a bare domain, so the scheme a defanged sample left out becomes http:
  // (a server answering https only redirects there).
  const withRest = rest ? hostOf(`http://${url.hostname}${rest}`) : undefined;
  if (rest && !withRest) return fail('domain', 'domain_invalid');
  if (withRest) return { ok: true, indicator: { type: 'url', value: withRest.href, warnings } };
  return { ok: true, indicator: { type: 'domain', value: url.hostname, warnings } };
}

/** Reads one input (refanged first) as a URL, domain, email, phone or IPv4, and checks it; an IDN also gets its Unicode form. */
export function checkIndicator(input: string, options: IndicatorOptions = {}): IndicatorCheck {
  const check = readIndicator(input, options);
  if (!check.ok) return check;
  const display = unicodeForm(check.indicator.value);
  return display ? { ok: true, indicator: { ...check.indicator, display } } : check;
}

function readIndicator(input: string, options: IndicatorOptions): IndicatorCheck {
  const text = refang(input).trim();
  if (!text) return fail(null, 'empty');
  if (SCHEME.test(text) && !/^(mailto|tel):/i.test(text)) return checkUrl(text);
  if (/^mailto:/i.test(text) || (text.includes('@') && !/\s/.test(text))) return checkEmail(text);
  if (/^\d+(\.\d+){3}$/.test(text)) return checkIpv4(text);
  if (/^tel:/i.test(text) || PHONE_LIKE.test(text)) return checkPhone(text, options);
  if (text.includes('.') && HOST_AND_PATH.test(text)) return checkDomainOrBareUrl(text);
  return fail(null, 'unrecognised');
}
