/** Error bodies the spec or the brief fixes word for word. */
export const MESSAGES = {
  invalidKey: 'Invalid or missing API key.',
  unauthorizedClient: 'Unauthorized. Please ensure client ID is valid.',
  incidentNotFound: 'Incident not found.',
  documentNotFound: 'Document not found.',
  webhookNotFound: 'Webhook subscription not found.',
  incidentExists: 'Incident already exists.',
  legacyDuplicate: 'Report received; this incident may be a duplicate.',
  attachmentsLimit: 'Attachments exceed the limits: up to 12 files, under 10 MB in total.',
  bodyTooLarge: 'Request body too large: it must be under 10 MB.',
} as const;

/** Thrown by handlers; the server turns it into `{"message": ...}` with the status. */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Shorthand for a 400 naming the offending field. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}
