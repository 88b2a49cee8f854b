import type { ThreatTaxonomyRecord, TypeReference } from '../types.ts';

const ref = (id: string, name: string, description = ''): TypeReference => ({ id, name, description });

function taxonomy(name: string, description: string, incidentClass: string, target: TypeReference, type: TypeReference, threat: TypeReference): ThreatTaxonomyRecord {
  return { name, description, incidentClass, incidentTargetType: target, incidentType: type, incidentThreatType: threat };
}

const CUSTOMERS = ref('tt_customers', 'Customers', "Targets the client's customers");
const EMPLOYEES = ref('tt_employees', 'Employees');

/** Expanded taxonomies by key; the list view trims them to name and description. */
export const TAXONOMIES: Record<string, ThreatTaxonomyRecord> = {
  credentialPhishing: taxonomy(
    'Credential Phishing',
    'Fake login page harvesting credentials',
    'phishing',
    CUSTOMERS,
    ref('it_web', 'Website'),
    ref('th_cred', 'Credential theft', 'Steals usernames and passwords'),
  ),
  malwareDrop: taxonomy('Malware Distribution', 'Serves a malicious download', 'malware', EMPLOYEES, ref('it_ip', 'Server'), ref('th_malware', 'Malware delivery')),
  refundScam: taxonomy('Refund Scam', '', 'scam', CUSTOMERS, ref('it_email', 'Email'), ref('th_fraud', 'Payment fraud', 'Tricks victims into paying')),
  phoneScam: taxonomy('Vishing', 'Voice phishing by phone', 'scam', CUSTOMERS, ref('it_phone', 'Phone'), ref('th_fraud', 'Payment fraud')),
  trademark: taxonomy('Trademark Infringement', 'Unauthorised use of a registered mark', 'infringement', CUSTOMERS, ref('it_web', 'Website'), ref('th_ip', 'Intellectual property')),
  impersonation: taxonomy('Brand Impersonation', 'Social profile posing as the brand', 'brandabuse', CUSTOMERS, ref('it_social', 'Social media'), ref('th_imp', 'Impersonation')),
};
