import type { BlocklistListing, JsonObject } from '../types.ts';
import { daysBefore } from '../clock.ts';

/** Insights with every category, including the richer capture pipeline's. */
export function fullInsights(host: string, at: string): JsonObject {
  return {
    snapshotTimestamp: at,
    dns: { recordTypes: ['A', 'MX', 'NS', 'TXT'], recordCounts: { A: 2, MX: 1, NS: 2, TXT: 3 } },
    whois: {
      domain: host,
      registrar: 'NameCheap, Inc.',
      registrarIANAId: '1068',
      createdDate: daysBefore(at, 12),
      updatedDate: daysBefore(at, 11),
      expiryDate: daysBefore(at, -353),
      domainAgeDays: 12,
      isNewDomain: true,
      isExpired: false,
      statuses: ['clientTransferProhibited', 'addPeriod'],
    },
    certificate: {
      issuer: "Let's Encrypt R11",
      subject: `CN=${host}`,
      validFrom: daysBefore(at, 11),
      validTo: daysBefore(at, -79),
      isValid: true,
      subjectAltNames: [host, `www.${host}`],
    },
    hosting: {
      cdnDetected: true,
      cdnName: 'Cloudflare',
      providers: [{ ip: '104.21.44.10', network: '104.21.0.0/17', organization: 'Cloudflare, Inc.', isCdn: true, abuseEmails: ['abuse@cloudflare.example'] }],
      originHints: [{ ip: '198.51.100.23', network: '198.51.100.0/24', organization: 'Cheap VPS Ltd', abuseEmails: [] }],
    },
    page: {
      title: 'Sign in to your account',
      metaDescription: 'Secure account verification',
      headings: ['Sign in', 'Verify your identity'],
      linkCount: 14,
      formInputCount: 3,
      imageCount: 5,
    },
    indicators: {
      finalUrl: `https://${host}/account/verify`,
      requestedUrl: `http://${host}/`,
      redirectChain: [`http://${host}/`, `https://${host}/account/verify`],
      ssdeepHash: '96:kLmQw3nA8yH0:kLmQw3nA8yH0',
      pHash: 'c3a1e4f0b2d49876',
      captureDurationMs: 4312,
      captureError: '',
      scrapeRoute: { method: 'headless', uaType: 'mobile', proxyType: 'residential', country: 'GB', exitIp: '192.0.2.77', carrier: 'Vodafone UK', mobileExit: true },
    },
  };
}

/** Insights where only DNS and WHOIS were captured, with undetermined (null) flags. */
export function partialInsights(host: string, at: string): JsonObject {
  return {
    snapshotTimestamp: at,
    dns: { recordTypes: ['A'], recordCounts: { A: 1 } },
    whois: { domain: host, domainAgeDays: null, isNewDomain: null, isExpired: null },
  };
}

/** Snapshots over a lifetime: full, DNS-only, and one that captured nothing. */
export function richSnapshots(incidentId: string, host: string, at: string): JsonObject[] {
  return [
    {
      id: `snap_${incidentId}_3`,
      incidentId,
      type: 'scheduled_rescan',
      timestamp: at,
      description: 'Rescan after takedown request',
      dns: { A: ['104.21.44.10', '172.67.1.5'], NS: ['ns1.cheap-dns.example', 'ns2.cheap-dns.example'] },
      whois: { domainName: host.toUpperCase(), registrar: 'NameCheap, Inc.', creationDate: daysBefore(at, 12) },
      certificate: { issuer: { O: "Let's Encrypt", CN: 'R11' }, valid_from: daysBefore(at, 11), valid_to: daysBefore(at, -79) },
    },
    { id: `snap_${incidentId}_2`, incidentId, type: 'client_report', timestamp: daysBefore(at, 2), description: null, dns: { A: ['198.51.100.23'] } },
    { id: `snap_${incidentId}_1`, incidentId, type: null, timestamp: null, description: null },
  ];
}

/** A one-snapshot history matching `partialInsights`. */
export function partialSnapshots(incidentId: string, host: string, at: string): JsonObject[] {
  return [{ id: `snap_${incidentId}_1`, incidentId, type: 'initial_capture', timestamp: at, description: 'First capture', dns: { A: ['203.0.113.9'] }, whois: { domainName: host } }];
}

/** Listed and submitted entries, with `link` set, null and absent; oldest first. */
export function mixedBlocklists(at: string): BlocklistListing[] {
  return [
    { authority: 'Google Safe Browsing', type: 'warning-banner', status: 'listed', listedAt: daysBefore(at, 3), link: 'https://transparencyreport.google.com/safe-browsing/search' },
    { authority: 'PhishTank', type: 'blocklist', status: 'listed', listedAt: daysBefore(at, 2), link: null },
    { authority: 'Microsoft SmartScreen', type: 'warning-banner', status: 'submitted', listedAt: null },
    { authority: 'Quad9 Threat Feed', type: 'blocklist', status: 'submitted', listedAt: null, link: null },
  ];
}
