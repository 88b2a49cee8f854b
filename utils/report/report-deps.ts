import type { IncidentApi } from '../api/client';
import type { CaptureRequest, CapturedEvidence, EvidenceTab } from '../evidence/capture';
import type { Settings } from '../settings/settings';
import type { OutboxReport, ReportAction, ReportOrigin } from '../storage/report-types';
import type { ChainEvidence } from '../storage/navigation-types';
import type { SendApi } from './send';
import type { createSendQueue } from './send-queue';
import type { createDraftCaptures } from './tab-draft';

// What the report service (report-service.ts) and the menu's reports
// (tab-report.ts) are given: types only, so neither imports the other's.

/** The calls reporting needs; the connected client satisfies them. */
export type ReportingApi = SendApi & Pick<IncidentApi, 'attachFiles' | 'commentOnIncident' | 'requestTakedown'>;

/** What the report service needs from the browser and the rest of the extension; tests replace each. */
export interface ReportServiceDeps {
  api: ReportingApi;
  capture(request: CaptureRequest): Promise<CapturedEvidence>;
  getTab(tabId: number): Promise<EvidenceTab>;
  readSettings(): Promise<Settings>;
  /** Whether a connection is set up; the popup's draft (and its capture) waits for one. Default: yes. */
  isConnected?(): Promise<boolean>;
  isOnline(): boolean;
  /** A report of a menu or shortcut changed state (or is under way on its tab): badge its tab. */
  showProgress(report: Pick<OutboxReport, 'state' | 'tabId'>): Promise<void>;
  notify(report: OutboxReport): Promise<void>;
  /** Opens the review window on a draft. */
  openReview(reportId: string): Promise<void>;
  /** Recovers the outbox from a previous worker (once, however often called): no request starts before it settles. */
  ready?(): Promise<unknown>;
  /** A queued report waits for the network: arrange to try again. */
  waitForNetwork?(): Promise<void>;
  /** How the browser reached the tab's page, for a report of that page (issue 41). Default: nothing said. */
  navigationOf?(tabId: number, settingOn: boolean): Promise<ChainEvidence>;
}

/** A page or link reported from the menu or the shortcut. */
export interface TabReportRequest {
  tab: EvidenceTab;
  /** Set for a link report: its target, reported without visiting it. */
  linkUrl?: string;
  /** Default: the settings' default action. */
  action?: ReportAction;
  origin: Extract<ReportOrigin, 'menu' | 'shortcut'>;
}

/** What each of the service's calls needs: its dependencies, the popup's pending captures and the sending queue. */
export interface ReportContext {
  deps: ReportServiceDeps;
  drafts: ReturnType<typeof createDraftCaptures>;
  sendAndTell: ReturnType<typeof createSendQueue>['sendAndTell'];
}
