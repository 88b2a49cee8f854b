import { addressHost } from '../indicators/registrable';
import type { EmailFinding } from './email-types';
import { isFreeMail } from './free-mail';

// The action an email's indicator starts with in the review window (issue 44):
// a takedown where one removes the scam (its pages, its lookalike domains,
// the scammer's own addresses), monitoring where a takedown would hit
// someone else or nothing at all — the mail server that handed the email on
// (often a provider's, shared), a phone number, an account on a free-mail
// service. A user whose default action is monitoring is never offered a
// takedown unasked: the setting is the most a row starts with.

/** A report's action, as utils/storage/report-types.ts's ReportAction (the email reader imports no storage). */
type ReportAction = 'tkd' | 'monitor';

/** True when a takedown is rarely what the finding needs: the sending server's IPv4, a phone, a free-mail address. */
function isMonitoredByKind(finding: Pick<EmailFinding, 'check' | 'where'>): boolean {
  if (!finding.check.ok) return false;
  const { type, value } = finding.check.indicator;
  if (type === 'phone') return true;
  if (type === 'ipv4') return finding.where.includes('received');
  return type === 'email' && isFreeMail(addressHost(value));
}

/** The action a row of an email starts with: the settings' default, or monitoring for what a takedown does not fit. */
export function defaultActionOf(finding: Pick<EmailFinding, 'check' | 'where'>, setting: ReportAction): ReportAction {
  return isMonitoredByKind(finding) ? 'monitor' : setting;
}
