import type { IncidentTemplate } from './incident-builder.ts';
import { TAXONOMIES } from './taxonomies.ts';
import { analystEntry, clientEntry, systemEntry } from './history.ts';
import { fullInsights, mixedBlocklists, partialInsights, partialSnapshots, richSnapshots } from './rich-details.ts';

const REGISTRAR = { name: 'NameCheap, Inc.', difficulty: 'medium', description: 'Responds to abuse reports within two days' };

/** URL and domain incidents, one per status that a web threat usually reaches. */
export const WEB_TEMPLATES: IncidentTemplate[] = [
  ({ client, at }) => ({
    incidentType: 'page', source: 'CLIENT_REPORTED', status: 'pending_review', incidentClass: 'phishing',
    url: `https://${client.brand}-secure-login.test/account/verify?session=8841`, domain: `${client.brand}-secure-login.test`,
    subject: `https://${client.brand}-secure-login.test/account/verify?session=8841`,
    timestamp: at(1), reportedBy: client.contact, threatTaxonomy: TAXONOMIES.credentialPhishing,
  }),
  ({ client, at }) => ({
    incidentType: 'domain', source: 'SERVICE_DETECTED', status: 'case_building', incidentClass: 'phishing',
    domain: `${client.brand}-support-desk.test`, subject: `${client.brand}-support-desk.test`,
    timestamp: at(3), statusVerbose: 'case_building', registrar: { name: REGISTRAR.name, difficulty: 'low' },
    threatTaxonomy: TAXONOMIES.credentialPhishing,
    history: [systemEntry(at(3), 'Incident created.'), analystEntry(at(2, 20), 'We are reviewing this domain and gathering evidence.')],
  }),
  ({ client, id, at }) => ({
    incidentType: 'page', source: 'CLIENT_REPORTED', status: 'approval_required', incidentClass: 'phishing',
    url: `https://portal.${client.brand}-payments.test/login`, domain: `${client.brand}-payments.test`,
    subject: `https://portal.${client.brand}-payments.test/login`,
    timestamp: at(5), reportedBy: client.contact, registrar: REGISTRAR, hostingProvider: 'Cheap VPS Ltd',
    threatTaxonomy: TAXONOMIES.credentialPhishing,
    insights: partialInsights(`${client.brand}-payments.test`, at(4)),
    snapshots: partialSnapshots(id, `${client.brand}-payments.test`, at(4)),
    history: [
      systemEntry(at(5), 'Incident created.'),
      analystEntry(at(4, 2), 'Evidence gathered. Please approve the takedown.', true),
      systemEntry(at(4, 1), 'Status changed to approval_required.', true),
    ],
  }),
  ({ client, at }) => ({
    incidentType: 'page', source: 'SERVICE_DETECTED', status: 'takedown_ready', incidentClass: 'infringement',
    url: `https://${client.brand}-outlet-store.test/`, domain: `${client.brand}-outlet-store.test`,
    subject: `https://${client.brand}-outlet-store.test/`, timestamp: at(7), threatTaxonomy: TAXONOMIES.trademark,
    history: [
      systemEntry(at(7), 'Incident created.'),
      systemEntry(at(6, 5), 'Status changed to approval_required.'),
      clientEntry(at(6, 2), client.contact, 'Takedown approved.', client.id),
      systemEntry(at(6, 1), 'Takedown approved by the client; enforcement resumes.'),
    ],
  }),
  ({ client, at }) => ({
    incidentType: 'domain', source: 'SERVICE_DETECTED', status: 'pre_weaponised', incidentClass: 'other',
    domain: `${client.brand}-parked.test`, subject: `${client.brand}-parked.test`,
    timestamp: at(9), statusVerbose: { value: 'pre_weaponised' },
    history: [systemEntry(at(9), 'Incident created.'), analystEntry(at(8), 'Parked domain; placed into monitoring.')],
  }),
  ({ client, at }) => ({
    incidentType: 'page', source: 'CLIENT_REPORTED', status: 'takedown_in_progress', incidentClass: 'phishing',
    url: `https://${client.brand}-wallet-connect.test/claim`, domain: `${client.brand}-wallet-connect.test`,
    subject: `https://${client.brand}-wallet-connect.test/claim`, timestamp: at(11), reportedBy: client.contact,
    burnStartedTimestamp: at(10), registrar: REGISTRAR, hostingProvider: 'Bulletproof Hosting SRL',
    threatTaxonomy: TAXONOMIES.credentialPhishing,
    takedownAttempts: [{ startedAt: at(10), resolvedAt: null, outcome: null }],
    history: [systemEntry(at(11), 'Incident created.'), systemEntry(at(10), 'Takedown initiated.')],
  }),
  ({ client, id, at }) => ({
    incidentType: 'page', source: 'CLIENT_REPORTED', status: 'takedown_success', incidentClass: 'phishing',
    url: `https://${client.brand}-account-verify.test/account/verify`, domain: `${client.brand}-account-verify.test`,
    subject: `https://${client.brand}-account-verify.test/account/verify`, timestamp: at(20), reportedBy: client.contact,
    burnStartedTimestamp: at(18), takedownTimestamp: at(15), registrar: REGISTRAR, hostingProvider: 'Cloudflare, Inc.',
    threatTaxonomy: TAXONOMIES.credentialPhishing, statusVerbose: 'takedown_success',
    insights: fullInsights(`${client.brand}-account-verify.test`, at(16)),
    snapshots: richSnapshots(id, `${client.brand}-account-verify.test`, at(16)),
    blocklists: mixedBlocklists(at(15)),
    takedownAttempts: [
      { startedAt: at(18), resolvedAt: at(17), outcome: 'failed' },
      { startedAt: at(17), resolvedAt: at(15), outcome: 'success' },
    ],
    extra: { priorityScore: 0.93, analystTeam: 'EMEA-2' },
    history: [
      systemEntry(at(20), 'Incident created.', true),
      clientEntry(at(19, 6), undefined, 'Our customers received this link by SMS.'),
      analystEntry(at(19), 'Confirmed credential phishing; starting takedown.', true),
      systemEntry(at(18), 'Takedown initiated.', true),
      systemEntry(at(17), 'Takedown attempt failed; escalating to the hosting provider.'),
      clientEntry(at(16, 3), client.contact, 'Any update on this one?', client.id),
      systemEntry(at(15), 'Takedown successful.', true),
    ],
  }),
  ({ client, at }) => ({
    incidentType: 'page', source: 'SERVICE_DETECTED', status: 'takedown_attempt_failed', incidentClass: 'malware',
    url: `https://cdn.${client.brand}-updates.test/installer.exe`, domain: `${client.brand}-updates.test`,
    subject: `https://cdn.${client.brand}-updates.test/installer.exe`, timestamp: at(24), burnStartedTimestamp: at(23),
    threatTaxonomy: TAXONOMIES.malwareDrop, hostingProvider: 'Offshore Hosting Ltd',
    takedownAttempts: [{ startedAt: at(23), resolvedAt: at(21), outcome: 'failed' }],
    history: [systemEntry(at(24), 'Incident created.'), systemEntry(at(23), 'Takedown initiated.'), systemEntry(at(21), 'Takedown attempt failed.')],
  }),
  ({ client, at }) => ({
    incidentType: 'page', source: 'SERVICE_DETECTED', status: 'blocklisted', incidentClass: 'scam',
    url: `https://${client.brand}-gift-cards.test/win`, domain: `${client.brand}-gift-cards.test`,
    subject: `https://${client.brand}-gift-cards.test/win`, timestamp: at(28), threatTaxonomy: TAXONOMIES.refundScam,
    blocklists: mixedBlocklists(at(26)).slice(0, 3),
    history: [systemEntry(at(28), 'Incident created.'), systemEntry(at(26), 'Blocklisted with partner feeds; no takedown performed.')],
  }),
  ({ client, at }) => ({
    incidentType: 'page', source: 'SERVICE_DETECTED', status: 'closed', incidentClass: 'phishing',
    url: `https://login.${client.brand}.legacy.example/signin`, domain: `${client.brand}.legacy.example`,
    subject: `https://login.${client.brand}.legacy.example/signin`, timestamp: at(60), threatTaxonomy: TAXONOMIES.credentialPhishing,
    takedownAttempts: [{ startedAt: null, resolvedAt: at(55), outcome: 'closed' }],
    history: [systemEntry(at(60), 'Incident created.'), systemEntry(at(55), 'Incident closed.')],
  }),
];
