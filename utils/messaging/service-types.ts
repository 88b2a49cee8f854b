import type { AccountService } from '../account/account-service';
import type { ConnectionService } from '../connection/connection-service';
import type { ReportService } from '../report/report-service';
import type { IncidentService } from '../incidents/incident-service';
import type { StatusService } from '../incidents/status-service';
import type { WebhookService } from '../webhooks/webhook-service';

/**
 * Everything the popup and options page may ask the background for, as one
 * typed service: pages call its methods as if it were local; the background
 * registers the implementation. No method answers with the API key.
 */
export interface BackgroundService {
  connection: ConnectionService;
  /** Reporting: drafts live in IndexedDB (utils/storage/reports-db.ts); only ids cross messaging. */
  reports: ReportService;
  /** Incident lookups by subject or id, answered with the full incident. */
  incidents: IncidentService;
  /** Background status refresh of followed incidents. */
  status: StatusService;
  /** Credits, users and documents of the account. */
  account: AccountService;
  /** Webhook subscriptions. */
  webhooks: WebhookService;
}
