import type { IncidentTemplate } from './incident-builder.ts';
import { TAXONOMIES } from './taxonomies.ts';
import { analystEntry, clientEntry, systemEntry } from './history.ts';

/** Email, phone, IP, social and open-set incidents; every client gets one each. */
export const OTHER_TEMPLATES: IncidentTemplate[] = [
  ({ client, at }) => ({
    incidentType: 'email', source: 'CLIENT_REPORTED', status: 'action_required', incidentClass: 'scam',
    subject: `refunds@${client.brand}-billing.test`, domain: `${client.brand}-billing.test`, timestamp: at(2),
    reportedBy: client.contact, threatTaxonomy: TAXONOMIES.refundScam,
    waitForClient: 'Please send the original email as an .eml file.',
    history: [
      systemEntry(at(2), 'Incident created.'),
      analystEntry(at(1, 12), 'Action required: please send the original email as an .eml file.'),
      systemEntry(at(1, 11), 'Status changed to action_required.'),
    ],
  }),
  ({ client, clientIndex, at }) => ({
    incidentType: 'phone', source: 'CLIENT_REPORTED', status: 'closed', incidentClass: 'scam',
    subject: `+44207946010${clientIndex}`, timestamp: at(40), reportedBy: client.contact,
    threatTaxonomy: TAXONOMIES.phoneScam,
    takedownAttempts: [{ startedAt: at(39), resolvedAt: at(38), outcome: 'not_actionable' }],
    history: [
      systemEntry(at(40), 'Incident created.'),
      clientEntry(at(39, 4), client.contact, 'Customers report calls from this number.', client.id),
      analystEntry(at(38, 2), 'The carrier cannot act on this number; closing.'),
      systemEntry(at(38), 'Incident closed.'),
    ],
  }),
  ({ client, clientIndex, at }) => ({
    incidentType: 'ip_address', source: 'SERVICE_DETECTED', status: 'case_building', incidentClass: 'malware',
    subject: `203.0.113.${10 + clientIndex}`, timestamp: at(13), hostingProvider: 'Example Hosting AS64500',
    threatTaxonomy: TAXONOMIES.malwareDrop,
    history: [systemEntry(at(13), 'Incident created.'), analystEntry(at(12), `Command-and-control server targeting ${client.name}.`)],
  }),
  ({ client, at }) => ({
    incidentType: 'social', source: 'CLIENT_REPORTED', status: 'pending_review', incidentClass: 'brandabuse',
    url: `https://social.example/${client.brand}_support_help`, domain: 'social.example',
    subject: `https://social.example/${client.brand}_support_help`, timestamp: at(0, 6), reportedBy: client.contact,
    threatTaxonomy: TAXONOMIES.impersonation,
  }),
  ({ client, at }) => ({
    incidentType: 'qr_code', source: 'CLIENT_REPORTED', status: 'case_building', incidentClass: 'phishing',
    url: `https://${client.brand}-parking-pay.test/qr/77`, domain: `${client.brand}-parking-pay.test`,
    subject: `https://${client.brand}-parking-pay.test/qr/77`, timestamp: at(15, 3), reportedBy: client.contact,
    threatTaxonomy: TAXONOMIES.credentialPhishing,
  }),
  ({ client, at }) => ({
    incidentType: 'page', source: 'SERVICE_DETECTED', status: 'case_building', incidentClass: 'cryptojacking',
    url: `https://${client.brand}-miner.test/`, domain: `${client.brand}-miner.test`,
    subject: `https://${client.brand}-miner.test/`, timestamp: at(17, 7),
  }),
  ({ clientIndex, at }) => ({
    incidentType: 'ipv4', source: 'SERVICE_DETECTED', status: 'blocklisted', incidentClass: 'malware',
    subject: `198.51.100.${40 + clientIndex}`, timestamp: at(33), threatTaxonomy: TAXONOMIES.malwareDrop,
    blocklists: [{ authority: 'Spamhaus DROP', type: 'blocklist', status: 'listed', listedAt: at(32), link: 'https://www.spamhaus.org/drop/' }],
  }),
];
