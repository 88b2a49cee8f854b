import { badRequest } from './http-error.ts';

const EMAIL = /^[^\s@"<>(),;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
/** Spec: phone subjects are validated against E.164. */
const E164 = /^\+[1-9]\d{1,14}$/;
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

/** True for a plausible mailbox address (local@domain.tld). */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** True for an E.164 number: plus, no leading zero, at most 15 digits. */
export function isE164(value: string): boolean {
  return E164.test(value);
}

/** True for a dotted-quad IPv4 address with octets 0–255 and no leading zeros. */
export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** True for a bare host name such as `evil.example`. */
function isDomain(value: string): boolean {
  return DOMAIN.test(value);
}

/** A reported web target: a full http(s) URL or a bare domain. */
export type WebTarget = { kind: 'url'; url: URL } | { kind: 'domain'; host: string };

/** Parses a URL or bare domain; null when it is neither. Scheme-less paths are refused. */
export function parseWebTarget(value: string): WebTarget | null {
  const trimmed = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0) return { kind: 'url', url };
    } catch {
      return null;
    }
    return null;
  }
  const host = trimmed.replace(/\.$/, '');
  return isDomain(host) ? { kind: 'domain', host: host.toLowerCase() } : null;
}

/**
 * Normalises a subject, URL or domain for duplicate checks and subject
 * lookup: URL scheme and host lower-cased, default port and fragment dropped;
 * domains and emails lower-cased; anything else trimmed.
 */
export function normaliseSubject(value: string): string {
  const target = parseWebTarget(value);
  if (target?.kind === 'domain') return target.host;
  if (target?.kind === 'url') {
    const url = new URL(target.url.href);
    url.hash = '';
    return url.href;
  }
  const trimmed = value.trim();
  return isEmail(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** Returns the host a subject points at, or null for non-web subjects. */
export function hostOf(value: string): string | null {
  const target = parseWebTarget(value);
  if (!target) return null;
  return target.kind === 'domain' ? target.host : target.url.hostname.toLowerCase();
}

/** Asserts an optional field is a string when present; returns it or undefined. */
export function optionalString(body: Record<string, unknown>, field: string, rule = 'a non-null string'): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${field} must be ${rule} when present.`);
  return value;
}
