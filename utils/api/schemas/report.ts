import * as z from 'zod/mini';

/** Fields of POST /v1/incident/tkd and /monitor (files travel beside them). */
export const ReportFields = z.object({
  /** URL or domain; required for domain/url incidents unless subject is given. */
  url: z.optional(z.string()),
  /** Required when not a domain/url incident: `email`, `phone`, `ipv4`. */
  incidentType: z.optional(z.string()),
  /** Required for email, phone (E.164) and ipv4. */
  subject: z.optional(z.string()),
  /** Submitter email, so the reporter receives status emails. */
  reportedBy: z.optional(z.string()),
  /** Sub-client to report for. */
  clientId: z.optional(z.string()),
  /** Shown to the analyst. */
  comment: z.optional(z.string()),
});
export type ReportFields = z.infer<typeof ReportFields>;

/** A file to send: a File, or a Blob with a name. */
export type Attachment = Blob & { readonly name: string };

/** A report: its fields and any files. */
export type IncidentReport = ReportFields & { attachments?: readonly Attachment[] };

/** Raw 200 answer to a report: `id` and `url` are absent when an older path flagged a probable duplicate. */
export const ReportResponse = z.object({
  message: z.optional(z.string()),
  id: z.nullish(z.string()),
  url: z.nullish(z.string()),
});
export type ReportResponse = z.infer<typeof ReportResponse>;

/** What a successful report returns to the caller, who must persist `id` (spec: General rules 5). */
export const ReportReceipt = z.object({
  id: z.string(),
  dashboardUrl: z.optional(z.string()),
  message: z.string(),
});
export type ReportReceipt = z.infer<typeof ReportReceipt>;

/** Raw 200 answer to attach: `{message, id}`. */
export const AttachResponse = z.object({
  message: z.optional(z.string()),
  id: z.optional(z.string()),
});
export type AttachResponse = z.infer<typeof AttachResponse>;

/** Answer to an action (comment, tkd, monitor, safe, approve): not shown, so only `message` is read. */
export const ActionResult = z.object({
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export type ActionResult = z.infer<typeof ActionResult>;
