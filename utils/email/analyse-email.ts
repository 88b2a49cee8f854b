import { addressHost, registrableDomain } from '../indicators/registrable';
import { readAuthResults, readFailClaims } from './auth-results';
import { pickFindings } from './default-pick';
import { capFindings, findEmailIndicators, type TextFinder } from './email-indicators';
import type { EmailAnalysis, EmailAnalysisOptions, EmailMessage } from './email-types';
import { findEmailWarnings } from './email-warnings';
import { readReceivedChain } from './received';

// The analyses of an email read from its file, together: pure, so they run
// in the reading worker and in tests alike.

/**
 * An email analysed: the authentication results its recipient's server
 * wrote, the Received chain and originating IPv4, the warnings, and the
 * indicators to report (the first FINDINGS_MAX; a note on the message says
 * how many more there were), each with its pick (ticked at first or not,
 * and why). Warnings look at every indicator, kept or not.
 * `findInText`: what finds the text's indicators (see findEmailIndicators).
 */
export function analyseEmail(message: EmailMessage, options: EmailAnalysisOptions, findInText?: TextFinder): EmailAnalysis {
  // A campaign sent in Bcc often names its sender in To: that domain is not the recipient's (received.ts would pass over its servers).
  const fromOwner = message.from ? registrableDomain(addressHost(message.from.address)) : '';
  const recipients = [...message.to, ...message.cc].map(({ address }) => address).filter((address) => registrableDomain(addressHost(address)) !== fromOwner);
  const received = readReceivedChain(message.headers, { ownDomains: options.ownDomains, recipients });
  const all = findEmailIndicators(message, received, options, findInText);
  const { findings, note } = capFindings(all);
  const auth = readAuthResults(message.headers, options.ownDomains);
  const warnings = findEmailWarnings(message, all, options);
  const wrapper = (message.attachedEmails?.length ?? 0) > 0;
  return {
    message: note ? { ...message, notes: [...message.notes, note] } : message,
    auth,
    received,
    warnings,
    findings: pickFindings(findings, { auth: [...auth, ...readFailClaims(message.headers)], from: message.from?.address ?? null, warnings, ownDomains: options.ownDomains, wrapper }),
  };
}
