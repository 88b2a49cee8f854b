import { z } from 'zod';

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
  domain: z.string().optional(),
  registrar: z.string().optional(),
  registrarIANAId: z.string().optional(),
  createdDate: z.string().optional(),
  updatedDate: z.string().optional(),
  expiryDate: z.string().optional(),
  domainAgeDays: z.number().nullable(),
  isNewDomain: z.boolean().nullable(),
  isExpired: z.boolean().nullable(),
  statuses: z.array(z.string()).optional(),
});
export type WhoisInsights = z.infer<typeof WhoisInsights>;

/** CertificateInsights; `isValid` null means undetermined. */
export const CertificateInsights = z.object({
  issuer: z.string().optional(),
  subject: z.string().optional(),
  validFrom: z.string().optional(),
  validTo: z.string().optional(),
  isValid: z.boolean().nullable(),
  subjectAltNames: z.array(z.string()).optional(),
});
export type CertificateInsights = z.infer<typeof CertificateInsights>;

/** HostingOrigin: an origin found behind the serving IP. */
export const HostingOrigin = z.object({
  ip: z.string(),
  network: z.string().optional(),
  organization: z.string().optional(),
  abuseEmails: z.array(z.string()),
});
export type HostingOrigin = z.infer<typeof HostingOrigin>;

/** HostingProvider: a serving IP and who runs it. */
export const HostingProvider = HostingOrigin.extend({ isCdn: z.boolean() });
export type HostingProvider = z.infer<typeof HostingProvider>;

/** HostingInsights, from the richer capture pipeline only. */
export const HostingInsights = z.object({
  cdnDetected: z.boolean(),
  cdnName: z.string().optional(),
  providers: z.array(HostingProvider),
  originHints: z.array(HostingOrigin),
});
export type HostingInsights = z.infer<typeof HostingInsights>;

/** PageInsights: what the captured page showed (never its full text). */
export const PageInsights = z.object({
  title: z.string().optional(),
  metaDescription: z.string().optional(),
  headings: z.array(z.string()).optional(),
  linkCount: z.number(),
  formInputCount: z.number(),
  imageCount: z.number(),
});
export type PageInsights = z.infer<typeof PageInsights>;

/** ScrapeRoute: how the page was fetched; every field optional. */
export const ScrapeRoute = z.object({
  method: z.string().optional(),
  uaType: z.string().optional(),
  proxyType: z.string().optional(),
  country: z.string().optional(),
  exitIp: z.string().optional(),
  carrier: z.string().optional(),
  mobileExit: z.boolean().optional(),
});
export type ScrapeRoute = z.infer<typeof ScrapeRoute>;

/** CaptureIndicators of one capture. */
export const CaptureIndicators = z.object({
  finalUrl: z.string().optional(),
  requestedUrl: z.string().optional(),
  redirectChain: z.array(z.string()),
  ssdeepHash: z.string(),
  pHash: z.string(),
  captureDurationMs: z.number(),
  captureError: z.string(),
  scrapeRoute: ScrapeRoute.optional(),
});
export type CaptureIndicators = z.infer<typeof CaptureIndicators>;

/** IncidentInsights: the latest snapshot that carried any data. */
// A category that arrives malformed is dropped, i.e. read as "not captured" —
// which the spec says an absent category means — instead of failing the whole
// incident detail it sits in.
export const IncidentInsights = z.object({
  snapshotTimestamp: z.string().nullable().catch(null),
  dns: DnsInsights.optional().catch(undefined),
  whois: WhoisInsights.optional().catch(undefined),
  certificate: CertificateInsights.optional().catch(undefined),
  hosting: HostingInsights.optional().catch(undefined),
  page: PageInsights.optional().catch(undefined),
  indicators: CaptureIndicators.optional().catch(undefined),
});
export type IncidentInsights = z.infer<typeof IncidentInsights>;
