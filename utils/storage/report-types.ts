import type { ReportFields, ReportOutcome } from '../api/schemas/report';
import type { AccountRef } from './account-ref';
import type { EvidenceContext } from './evidence-context';
import type { IndicatorType } from '../indicators/types';
import type { Problem } from '../problems/kinds';

/** The action a report asks for: takedown (`/v1/incident/tkd`) or monitoring (`/v1/incident/monitor`). */
export type ReportAction = 'tkd' | 'monitor';

/**
 * Where a report is in its life (utils/report/outbox.ts moves it):
 * - `draft`: being written (popup, review window); nothing sent;
 * - `queued`: written to the outbox, its request not started: it provably never left;
 * - `sending`: its request is in flight;
 * - `sent`: the service answered with an incident id;
 * - `duplicate`: the service already had it (409, or 200 without id);
 * - `failed`: the service refused it or could not be reached; kept to send again;
 * - `unknown`: the request may have reached the service (worker stopped, timeout, unreadable answer); check or send again.
 */
export type ReportState = 'draft' | 'queued' | 'sending' | 'sent' | 'duplicate' | 'failed' | 'unknown';

/** Where a report was started, so results go where the user looks. */
export type ReportOrigin = 'menu' | 'shortcut' | 'popup' | 'review';

/** What is reported, as checked and normalised. */
interface ReportSubject {
  type: IndicatorType;
  value: string;
}

/** What a file is, so the UI can label and toggle it. */
export type FileRole = 'screenshot' | 'page_source' | 'page_details' | 'record' | 'extra';

/** A file kept with a report, with its name and type. */
export interface StoredFile {
  name: string;
  type: string;
  blob: Blob;
  role: FileRole;
}

/** The incident a report ended up linked to: the one it created, or the one that already existed. */
export interface LinkedIncident {
  id: string;
  /** Dashboard link, only when it is http(s). */
  dashboardUrl?: string;
  /** The incident's status when last looked up. */
  status?: string | null;
  /** The client the incident belongs to (its `clientId`), when read. */
  clientId?: string;
}

/** Whether a record is a report, or an action the user took on an existing incident (issue 44). */
type RecordKind = 'report' | 'action';

/** What can be done on an existing incident: approve its takedown, comment, attach evidence, ask for takedown, move to monitoring, mark safe. */
export type IncidentActionKind = 'approve' | 'comment' | 'attach' | 'takedown' | 'monitor' | 'safe';

/** An action done on an existing incident: what, and how many files it attached. Recorded once the service accepted it. */
export interface IncidentActionDone {
  kind: IncidentActionKind;
  /** Files attached, for `attach`. */
  files?: number;
  outcome: 'done';
}

/** A report in the outbox, with its evidence and what became of it. Also the local report history. */
export interface OutboxReport {
  id: string;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  state: ReportState;
  action: ReportAction;
  subject: ReportSubject;
  /** The request's text fields, as they will be sent. */
  fields: ReportFields;
  files: StoredFile[];
  /** Where and how the evidence was captured; the evidence record is written from it when the report is queued. */
  evidence?: EvidenceContext;
  /** Set when the user chose to keep this unsent draft (popup "Keep as draft"); others go when their page closes. */
  keptAt?: string;
  /** A popup draft whose evidence is still being captured (utils/report/tab-draft.ts). */
  capturing?: boolean;
  /** What its capture could not take, for the page to say. */
  captureProblems?: Problem[];
  origin: ReportOrigin;
  /** The tab the report came from, for the toolbar badge. */
  tabId?: number;
  /** Selected text a review window was opened with. */
  selectionText?: string;
  /** A review window's source whose files are emails to read (dropped on the popup), not a page's evidence. */
  openAs?: 'emails';
  /** How many times its request was started. */
  attempts: number;
  /** When its last request was started. */
  sentAt?: string;
  /** Why it is `failed` or `unknown`. */
  lastProblem?: Problem;
  /** The service's answer to the last request that got one. */
  outcome?: ReportOutcome;
  incident?: LinkedIncident;
  /** Set when the evidence of a sent report was pruned: the files are gone, the record stays. */
  filesPrunedAt?: string;
  /** What the user did on the existing incident instead of filing a duplicate. */
  followUps?: ('comment' | 'attach' | 'takedown')[];
  /** Queued while the browser was offline: sent when it is back. */
  waitingForNetwork?: boolean;
  /** The account it was sent to (set when its request starts); another account's key leaves it apart. */
  account?: AccountRef;
  /** `action` for what the user did on an existing incident: never counted as a report. Absent: a report. */
  recordKind?: RecordKind;
  /** The action, for a record of kind `action`. */
  incidentAction?: IncidentActionDone;
}
