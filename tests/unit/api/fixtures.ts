// Spec-shaped sample records (incident-api.md, "Resources and their fields").
// Each is a fresh object so a test can change it freely.

export const typeReference = () => ({ id: 'tt-1', name: 'Credential phishing', description: '' });

export const incident = () => ({
  id: 'inc_01HZX',
  clientId: 'client-a',
  safeDomain: 'bank.example',
  subject: 'https://login-bank.example/verify',
  incidentType: 'page',
  url: 'https://login-bank.example/verify',
  domain: 'login-bank.example',
  source: 'CLIENT_REPORTED',
  status: 'pending_review',
  timestamp: '2026-03-01T10:00:00.000Z',
  lastHistoryUpdateTimestamp: '2026-03-01T11:00:00.000Z',
  reportedBy: 'soc@bank.example',
  threatTaxonomy: { name: 'Phishing', description: '' },
  incidentClass: 'phishing',
  statusVerbose: 'pending_review',
});

export const whois = () => ({
  domain: 'login-bank.example',
  registrar: 'Registrar Inc.',
  registrarIANAId: '1234',
  createdDate: '2026-02-20T00:00:00.000Z',
  domainAgeDays: 9,
  isNewDomain: true,
  isExpired: false,
  statuses: ['clientTransferProhibited'],
});

export const certificate = () => ({
  issuer: 'R3',
  subject: 'login-bank.example',
  validFrom: '2026-02-20T00:00:00.000Z',
  validTo: '2026-05-20T00:00:00.000Z',
  isValid: true,
  subjectAltNames: ['login-bank.example'],
});

export const hostingProvider = () => ({
  ip: '203.0.113.7',
  network: '203.0.113.0/24',
  organization: 'Example Hosting',
  isCdn: false,
  abuseEmails: ['abuse@hosting.example'],
});

export const hosting = () => ({
  cdnDetected: false,
  providers: [hostingProvider()],
  originHints: [{ ip: '198.51.100.2', abuseEmails: [] }],
});

export const page = () => ({ title: 'Sign in', headings: ['Welcome'], linkCount: 3, formInputCount: 2, imageCount: 1 });

export const indicators = () => ({
  finalUrl: 'https://login-bank.example/verify',
  redirectChain: [],
  ssdeepHash: '3:abc:def',
  pHash: 'f0f0f0f0',
  captureDurationMs: 1234,
  captureError: '',
  scrapeRoute: { method: 'browser', country: 'NL', mobileExit: false },
});

export const insights = () => ({
  snapshotTimestamp: '2026-03-01T10:05:00.000Z',
  dns: { recordTypes: ['A', 'MX'], recordCounts: { A: 2, MX: 1 } },
  whois: whois(),
  certificate: certificate(),
  hosting: hosting(),
  page: page(),
  indicators: indicators(),
});

export const historyEntry = () => ({
  timestamp: '2026-03-01T11:00:00.000Z',
  message: 'Please approve the takedown.',
  author: 'Service',
});

export const blocklisting = () => ({
  authority: 'SafeBrowsing',
  type: 'warning-banner',
  status: 'listed',
  listedAt: '2026-03-01T12:00:00.000Z',
  link: 'https://transparency.example/listing/1',
});

export const detailedIncident = () => ({
  ...incident(),
  threatTaxonomy: {
    name: 'Phishing',
    description: 'Credential theft',
    incidentClass: 'phishing',
    incidentTargetType: typeReference(),
    incidentType: typeReference(),
    incidentThreatType: typeReference(),
  },
  history: [
    historyEntry(),
    {
      timestamp: '2026-03-01T10:30:00.000Z',
      message: 'Approved',
      author: 'Client (soc@bank.example)',
      authorDetails: { type: 'client', clientId: 'client-a', email: 'soc@bank.example', automated: false },
    },
  ],
  incidentState: {
    unresponsive: false,
    warningBanner: true,
    responsive: true,
    contentRemoved: false,
    redirect: false,
    inconclusive: false,
    timestamp: '2026-03-01T10:05:00.000Z',
  },
  registrar: { name: 'Registrar Inc.', difficulty: 'medium' },
  hostingProvider: 'Example Hosting',
  blocklists: [blocklisting()],
  insights: insights(),
});

export const snapshot = () => ({
  id: 'snap-1',
  incidentId: 'inc_01HZX',
  type: 'report',
  timestamp: '2026-03-01T10:05:00.000Z',
  description: null,
  dns: { A: [{ address: '203.0.113.7', ttl: 300 }] },
  whois: { registrar: 'Registrar Inc.', raw: '...' },
});

export const takedownAttempts = () => ({
  id: 'inc_01HZX',
  subject: 'login-bank.example',
  createdAt: '2026-03-01T10:00:00.000Z',
  takedownAttempts: [
    { startedAt: '2026-03-02T00:00:00.000Z', resolvedAt: '2026-03-03T00:00:00.000Z', outcome: 'success' },
    { startedAt: '2026-03-04T00:00:00.000Z', resolvedAt: null, outcome: null },
  ],
});

export const user = () => ({
  id: 'user-1',
  email: 'soc@bank.example',
  name: 'Sam',
  surname: null,
  roles: ['superuser'],
  clientId: 'client-a',
  clientName: 'Bank A',
  mfaEnabled: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

export const client = () => ({ id: 'client-a', name: 'Bank A', active: true });

export const usage = () => ({ clientId: 'client-a', clientName: 'Bank A', remainingCredits: 42 });

export const accountDocument = () => ({
  id: 'doc-1',
  clientId: 'client-a',
  client: { id: 'client-a', name: 'Bank A', parentClientId: null },
  docType: 'loa',
  fileName: 'loa.pdf',
  uploadedBy: { id: 'user-1', email: 'soc@bank.example', name: 'Sam' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  signedUrl: 'https://files.example/doc-1?sig=abc',
});

export const cursorPaging = () => ({ cursor: 'inc_01', next: 'inc_02', limit: 2, count: 2 });

export const pagePaging = () => ({ page: 1, limit: 50, count: 1, total: 1, totalPages: 1, hasMore: false });

export const webhookSubscription = () => ({
  id: 'wh-1',
  clientId: 'client-a',
  url: 'https://hooks.bank.example/incidents',
  secret: 'whsec_123',
  events: ['incident.created', 'incident.status_changed'],
  active: true,
  description: 'SOC queue',
  createdAt: '2026-01-01T00:00:00.000Z',
  message: 'Store the secret now: it will not be shown again.',
});

export const webhookEvent = () => ({
  id: 'evt-1',
  event: 'incident.status_changed',
  timestamp: '2026-03-01T12:00:00.000Z',
  data: {
    incidentId: 'inc_01HZX',
    clientId: 'client-a',
    status: 'blocklisted',
    incidentClass: 'n/a',
    waitForClient: false,
  },
});
