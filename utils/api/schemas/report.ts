/** Fields of POST /v1/incident/tkd and /monitor (files travel beside them); sent as they are, never read back. */
export type ReportFields = {
  /** URL or domain; required for domain/url incidents unless subject is given. */
  url?: string;
  /** Required when not a domain/url incident: `email`, `phone`, `ipv4`. */
  incidentType?: string;
  /** Required for email, phone (E.164) and ipv4. */
  subject?: string;
  /** Submitter email, so the reporter receives status emails. */
  reportedBy?: string;
  /** Sub-client to report for. */
  clientId?: string;
  /** Shown to the analyst; sent only when it has text (the spec forbids a null comment). */
  comment?: string;
};

/** A file to send: a File, or a Blob with a name. */
export type Attachment = Blob & { readonly name: string };

/** A report: its fields and any files. */
export type IncidentReport = ReportFields & { attachments?: readonly Attachment[] };

/**
 * What the service did with a report. Every 2xx is one of these, never an
 * error: the service stored something, and sending again would duplicate it.
 * - `reported`: stored, with the id the caller must keep (spec: General rules 5);
 * - `possible_duplicate`: 200 with a message and no id (the older path's duplicate answer);
 * - `unconfirmed`: 2xx whose id could not be read; look the subject up instead of resending.
 */
export type ReportOutcome =
  | { status: 'reported'; id: string; dashboardUrl?: string; message?: string }
  | { status: 'possible_duplicate'; message?: string }
  | { status: 'unconfirmed'; httpStatus: number; message?: string; rawId?: string; dashboardUrl?: string };

/** What attaching files returns. */
export interface AttachResult {
  /** The incident id. */
  id: string;
  message?: string;
}

/** Answer to an action (comment, tkd, monitor, safe, approve): not shown, so only `message` and `data` are kept. */
export interface ActionResult {
  message?: string;
  data?: unknown;
}
