import { checkAttachments, estimateMultipartBytes, toMultipart } from './attachments';
import { isRecord, messageOf } from './envelope';
import type { ApiResponse, SendRequest } from './request';
import type { Attachment, AttachResult, IncidentReport, ReportFields, ReportOutcome } from './schemas/report';

/** True for a string with something in it. */
function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

// Spec: a duplicate may come back as 200 with only a message. Check for `id`;
// never read the message as an id; never retry. Any 2xx means the service
// stored something, so it is an outcome, never an error to resend.
function readOutcome({ status, body }: ApiResponse): ReportOutcome {
  const message = messageOf(body);
  const withMessage = hasText(message) ? { message } : {};
  if (isRecord(body) && hasText(body.id)) {
    return { status: 'reported', id: body.id, ...(hasText(body.url) ? { dashboardUrl: body.url } : {}), ...withMessage };
  }
  const idAbsent = isRecord(body) && (!('id' in body) || body.id === null) && !hasText(body.url);
  if (idAbsent) return { status: 'possible_duplicate', ...withMessage };
  // Keep what can be shown: a number id as text, and the dashboard link.
  const rawId = isRecord(body) && Number.isFinite(body.id) ? String(body.id) : undefined;
  const dashboardUrl = isRecord(body) && hasText(body.url) ? body.url : undefined;
  return {
    status: 'unconfirmed',
    httpStatus: status,
    ...withMessage,
    ...(rawId ? { rawId } : {}),
    ...(dashboardUrl ? { dashboardUrl } : {}),
  };
}

/** The text fields of a report as sent: a comment only when it has text (the spec forbids a null comment). */
function reportFieldsToSend(fields: ReportFields): ReportFields {
  const { comment, ...rest } = fields;
  const sent: ReportFields = {};
  for (const [key, value] of Object.entries(rest) as [keyof ReportFields, string | undefined][]) {
    if (typeof value === 'string') sent[key] = value;
  }
  return hasText(comment) ? { ...sent, comment } : sent;
}

/**
 * Bytes an upload is given a millisecond beyond the base timeout: 125 KB/s, a
 * 1 Mbit/s uplink (a hotel, a phone), so a full 10 MB report is given 80 s
 * more rather than cut off and left "maybe sent" on a slow line.
 */
const UPLOAD_BYTES_PER_MS = 125;

/** The timeout of an upload: the base, and time for its bytes at the slowest uplink allowed for. */
export function uploadTimeout(baseMs: number, fields: Readonly<Record<string, string | undefined>>, files: readonly Attachment[]): number {
  return baseMs + Math.ceil(estimateMultipartBytes(fields, files) / UPLOAD_BYTES_PER_MS);
}

/** The report and attach endpoints (JSON, or multipart when files are sent). */
export function reportEndpoints(send: SendRequest, uploadTimeoutMs: number) {
  const report = async (endpoint: 'tkd' | 'monitor', incident: IncidentReport, after?: Promise<unknown>): Promise<ReportOutcome> => {
    const { attachments = [], ...raw } = incident;
    const fields = reportFieldsToSend(raw);
    if (attachments.length > 0) checkAttachments(attachments, fields);
    const response = await send(
      ['incident', endpoint],
      attachments.length > 0
        ? { method: 'POST', form: toMultipart(fields, attachments), timeoutMs: uploadTimeout(uploadTimeoutMs, fields, attachments), target: 'report', anyBody: true, after }
        : { method: 'POST', json: fields, target: 'report', anyBody: true, after },
    );
    return readOutcome(response);
  };

  return {
    /** Reports a threat for takedown (POST /v1/incident/tkd), leaving only once `after` is done; a `reported` outcome's id must be kept. */
    reportForTakedown: (incident: IncidentReport, after?: Promise<unknown>) => report('tkd', incident, after),

    /** Reports a threat for monitoring (POST /v1/incident/monitor), leaving only once `after` is done; a `reported` outcome's id must be kept. */
    reportForMonitoring: (incident: IncidentReport, after?: Promise<unknown>) => report('monitor', incident, after),

    /** Adds evidence files to an incident (POST /v1/incident/{id}/attach); any 2xx means all parts were stored. */
    async attachFiles(id: string, files: readonly Attachment[]): Promise<AttachResult> {
      checkAttachments(files);
      const { body } = await send(['incident', id, 'attach'], {
        method: 'POST',
        form: toMultipart({}, files),
        timeoutMs: uploadTimeout(uploadTimeoutMs, {}, files),
        target: 'incident',
        anyBody: true,
      });
      const message = messageOf(body);
      const answeredId = isRecord(body) && hasText(body.id) ? body.id : id;
      return { id: answeredId, ...(hasText(message) ? { message } : {}) };
    },
  };
}
