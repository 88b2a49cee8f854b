import * as z from 'zod/mini';

// Spec: IncidentInsights. An absent category means "not captured", never a
// negative finding; null booleans mean "undetermined" and are never false.

/** DnsInsights: record types with at least one answer, and answer counts. */
export const DnsInsights = z.object({
  recordTypes: z.array(z.string()),
  recordCounts: z.record(z.string(), z.number()),
});
export type DnsInsights = z.infer<typeof DnsInsights>;

/** WhoisInsights; the null fields mean the record was missing or unparseable. */
export const WhoisInsights = z.object({
  domain: z.optional(z.string()),
  registrar: z.optional(z.string()),
  registrarIANAId: z.optional(z.string()),
  createdDate: z.optional(z.string()),
  updatedDate: z.optional(z.string()),
  expiryDate: z.optional(z.string()),
  domainAgeDays: z.nullable(z.number()),
  isNewDomain: z.nullable(z.boolean()),
  isExpired: z.nullable(z.boolean()),
  statuses: z.optional(z.array(z.string())),
});
export type WhoisInsights = z.infer<typeof WhoisInsights>;

/** CertificateInsights; `isValid` null means undetermined. */
export const CertificateInsights = z.object({
  issuer: z.optional(z.string()),
  subject: z.optional(z.string()),
  validFrom: z.optional(z.string()),
  validTo: z.optional(z.string()),
  isValid: z.nullable(z.boolean()),
  subjectAltNames: z.optional(z.array(z.string())),
});
export type CertificateInsights = z.infer<typeof CertificateInsights>;

/** HostingOrigin: an origin found behind the serving IP. */
export const HostingOrigin = z.object({
  ip: z.string(),
  network: z.optional(z.string()),
  organization: z.optional(z.string()),
  abuseEmails: z.array(z.string()),
});
export type HostingOrigin = z.infer<typeof HostingOrigin>;

/** HostingProvider: a serving IP and who runs it. */
export const HostingProvider = z.extend(HostingOrigin, { isCdn: z.boolean() });
export type HostingProvider = z.infer<typeof HostingProvider>;

/** HostingInsights, from the richer capture pipeline only. */
export const HostingInsights = z.object({
  cdnDetected: z.boolean(),
  cdnName: z.optional(z.string()),
  providers: z.array(HostingProvider),
  originHints: z.array(HostingOrigin),
});
export type HostingInsights = z.infer<typeof HostingInsights>;

/** PageInsights: what the captured page showed (never its full text). */
export const PageInsights = z.object({
  title: z.optional(z.string()),
  metaDescription: z.optional(z.string()),
  headings: z.optional(z.array(z.string())),
  linkCount: z.number(),
  formInputCount: z.number(),
  imageCount: z.number(),
});
export type PageInsights = z.infer<typeof PageInsights>;

/** ScrapeRoute: how the page was fetched; every field optional. */
export const ScrapeRoute = z.object({
  method: z.optional(z.string()),
  uaType: z.optional(z.string()),
  proxyType: z.optional(z.string()),
  country: z.optional(z.string()),
  exitIp: z.optional(z.string()),
  carrier: z.optional(z.string()),
  mobileExit: z.optional(z.boolean()),
});
export type ScrapeRoute = z.infer<typeof ScrapeRoute>;

/** CaptureIndicators of one capture. */
export const CaptureIndicators = z.object({
  finalUrl: z.optional(z.string()),
  requestedUrl: z.optional(z.string()),
  redirectChain: z.array(z.string()),
  ssdeepHash: z.string(),
  pHash: z.string(),
  captureDurationMs: z.number(),
  captureError: z.string(),
  scrapeRoute: z.optional(ScrapeRoute),
});
export type CaptureIndicators = z.infer<typeof CaptureIndicators>;

/** IncidentInsights: the latest snapshot that carried any data. */
// A category that arrives malformed is dropped, i.e. read as "not captured" —
// which the spec says an absent category means — instead of failing the whole
// incident detail it sits in.
export const IncidentInsights = z.object({
  snapshotTimestamp: z.catch(z.nullable(z.string()), null),
  dns: z.catch(z.optional(DnsInsights), undefined),
  whois: z.catch(z.optional(WhoisInsights), undefined),
  certificate: z.catch(z.optional(CertificateInsights), undefined),
  hosting: z.catch(z.optional(HostingInsights), undefined),
  page: z.catch(z.optional(PageInsights), undefined),
  indicators: z.catch(z.optional(CaptureIndicators), undefined),
});
export type IncidentInsights = z.infer<typeof IncidentInsights>;
