import { badRequest } from './http-error.ts';
import { isE164, isEmail, isIpv4, optionalString, parseWebTarget } from './validate.ts';

/** What a report is about, resolved from url / incidentType / subject. */
export interface ReportTarget {
  incidentType: string;
  subject: string;
  url?: string;
  domain?: string;
}

/** Spec: incidentType values a report may carry; omitted for URL and domain reports. */
const REPORT_TYPES = ['email', 'phone', 'ipv4'] as const;

const SUBJECT_RULES: Record<string, { test: (s: string) => boolean; what: string }> = {
  email: { test: isEmail, what: 'an email address such as someone@example.com' },
  phone: { test: isE164, what: 'an E.164 phone number such as +442079460123' },
  ipv4: { test: isIpv4, what: 'a dotted-quad IPv4 address such as 203.0.113.7' },
};

function typedTarget(incidentType: string, subject: string | undefined): ReportTarget {
  const rule = SUBJECT_RULES[incidentType];
  if (!rule) throw badRequest(`incidentType must be one of ${REPORT_TYPES.join(', ')} (omit it for a URL or domain report); got "${incidentType}".`);
  if (subject === undefined || subject.trim() === '') throw badRequest(`subject is required when incidentType is ${incidentType}.`);
  if (!rule.test(subject)) throw badRequest(`subject must be ${rule.what} when incidentType is ${incidentType}; got "${subject}".`);
  return { incidentType, subject: incidentType === 'email' ? subject.toLowerCase() : subject };
}

/**
 * Applies the report rules of POST /v1/incident/tkd: a typed report needs a
 * subject valid for its type; otherwise url (or subject) must be an http(s)
 * URL or a bare domain.
 */
export function resolveReportTarget(fields: Record<string, unknown>): ReportTarget {
  const incidentType = optionalString(fields, 'incidentType');
  const url = optionalString(fields, 'url');
  const subject = optionalString(fields, 'subject');
  if (incidentType !== undefined && incidentType !== '') return typedTarget(incidentType, subject);
  const field = url !== undefined && url.trim() !== '' ? 'url' : 'subject';
  const value = field === 'url' ? url : subject;
  if (value === undefined || value.trim() === '') {
    throw badRequest('url is required for a URL or domain report (or give subject); for an email, phone or IP report set incidentType and subject.');
  }
  const target = parseWebTarget(value);
  if (!target) throw badRequest(`${field} must be an http(s) URL or a bare domain; got "${value}".`);
  if (target.kind === 'domain') return { incidentType: 'domain', subject: target.host, domain: target.host };
  return { incidentType: 'page', subject: target.url.href, url: target.url.href, domain: target.url.hostname };
}
