import * as z from 'zod/mini';
import { lenientArray, lenientObject, lenientRecord } from './lenient';

// Spec: IncidentInsights. An absent category means "not captured", never a
// negative finding; null booleans mean "undetermined" and are never false.

/** DnsInsights: record types with at least one answer, and answer counts. */
export const DnsInsights = lenientObject({
  required: {},
  expected: { recordTypes: lenientArray(z.string()), recordCounts: lenientRecord(z.number()) },
});
export type DnsInsights = z.infer<typeof DnsInsights>;

/** WhoisInsights; the null fields mean the record was missing or unparseable. */
export const WhoisInsights = lenientObject({
  required: {},
  expected: { domainAgeDays: z.number(), isNewDomain: z.boolean(), isExpired: z.boolean() },
  optional: {
    domain: z.string(),
    registrar: z.string(),
    registrarIANAId: z.string(),
    createdDate: z.string(),
    updatedDate: z.string(),
    expiryDate: z.string(),
    /** EPP status codes. */
    statuses: lenientArray(z.string()),
  },
});
export type WhoisInsights = z.infer<typeof WhoisInsights>;

/** CertificateInsights; `isValid` null means undetermined. */
export const CertificateInsights = lenientObject({
  required: {},
  expected: { isValid: z.boolean() },
  optional: {
    issuer: z.string(),
    subject: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    subjectAltNames: lenientArray(z.string()),
  },
});
export type CertificateInsights = z.infer<typeof CertificateInsights>;

const originFields = {
  required: { ip: z.string() },
  expected: { abuseEmails: lenientArray(z.string()) },
  optional: { network: z.string(), organization: z.string() },
};

/** HostingOrigin: an origin found behind the serving IP. */
export const HostingOrigin = lenientObject(originFields);
export type HostingOrigin = z.infer<typeof HostingOrigin>;

/** HostingProvider: a serving IP and who runs it. */
export const HostingProvider = lenientObject({ ...originFields, expected: { ...originFields.expected, isCdn: z.boolean() } });
export type HostingProvider = z.infer<typeof HostingProvider>;

/** HostingInsights, from the richer capture pipeline only. */
export const HostingInsights = lenientObject({
  required: {},
  expected: {
    cdnDetected: z.boolean(),
    providers: lenientArray(HostingProvider),
    originHints: lenientArray(HostingOrigin),
  },
  optional: { cdnName: z.string() },
});
export type HostingInsights = z.infer<typeof HostingInsights>;

/** PageInsights: what the captured page showed (never its full text). */
export const PageInsights = lenientObject({
  required: {},
  expected: { linkCount: z.number(), formInputCount: z.number(), imageCount: z.number() },
  optional: {
    title: z.string(),
    metaDescription: z.string(),
    /** At most 20. */
    headings: lenientArray(z.string()),
  },
});
export type PageInsights = z.infer<typeof PageInsights>;

/** ScrapeRoute: how the page was fetched; every field optional. */
export const ScrapeRoute = lenientObject({
  required: {},
  optional: {
    method: z.string(),
    uaType: z.string(),
    proxyType: z.string(),
    country: z.string(),
    exitIp: z.string(),
    carrier: z.string(),
    mobileExit: z.boolean(),
  },
});
export type ScrapeRoute = z.infer<typeof ScrapeRoute>;

/** CaptureIndicators of one capture. */
export const CaptureIndicators = lenientObject({
  required: {},
  expected: {
    redirectChain: lenientArray(z.string()),
    ssdeepHash: z.string(),
    pHash: z.string(),
    captureDurationMs: z.number(),
    captureError: z.string(),
  },
  optional: {
    finalUrl: z.string(),
    /** Only when it differs from finalUrl. */
    requestedUrl: z.string(),
    scrapeRoute: ScrapeRoute,
  },
});
export type CaptureIndicators = z.infer<typeof CaptureIndicators>;

/** IncidentInsights: the latest snapshot that carried any data; a category absent or malformed reads as "not captured". */
export const IncidentInsights = lenientObject({
  required: {},
  expected: { snapshotTimestamp: z.string() },
  optional: {
    dns: DnsInsights,
    whois: WhoisInsights,
    certificate: CertificateInsights,
    hosting: HostingInsights,
    page: PageInsights,
    indicators: CaptureIndicators,
  },
});
export type IncidentInsights = z.infer<typeof IncidentInsights>;
