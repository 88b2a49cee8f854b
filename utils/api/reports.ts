import { checkAttachments, toMultipart } from './attachments';
import { isRecord, unexpectedResponse } from './envelope';
import { ApiError } from './errors';
import type { ApiResponse, SendRequest } from './request';
import { AttachResponse, ReportResponse, type Attachment, type IncidentReport, type ReportReceipt } from './schemas/report';

/** What attaching files returns. */
export interface AttachResult {
  /** The incident id. */
  id: string;
  message?: string;
}

// Spec: a duplicate may come back as 200 with only a message. Check for `id`;
// never read the message as an id; never retry.
function readReceipt({ status, body }: ApiResponse): ReportReceipt {
  const result = ReportResponse.safeParse(body);
  if (!isRecord(body) || !result.success) throw unexpectedResponse('its answer to the report');
  const { id, url, message } = result.data;
  if (!id) {
    throw new ApiError({
      kind: 'probable_duplicate',
      status,
      ...(message ? { serverMessage: message } : {}),
      message:
        'The service accepted the report but says it may duplicate an existing incident, and gave no incident id. Look the threat up before reporting it again.',
    });
  }
  return { id, message: message ?? '', ...(url ? { dashboardUrl: url } : {}) };
}

/** The report and attach endpoints (JSON, or multipart when files are sent). */
export function reportEndpoints(send: SendRequest, uploadTimeoutMs: number) {
  const report = async (endpoint: 'tkd' | 'monitor', incident: IncidentReport): Promise<ReportReceipt> => {
    const { attachments = [], ...fields } = incident;
    if (attachments.length > 0) checkAttachments(attachments, fields);
    const response = await send(
      ['incident', endpoint],
      attachments.length > 0
        ? { method: 'POST', form: toMultipart(fields, attachments), timeoutMs: uploadTimeoutMs }
        : { method: 'POST', json: fields },
    );
    return readReceipt(response);
  };

  return {
    /** Reports a threat for takedown (POST /v1/incident/tkd); the caller must keep the returned id. */
    reportForTakedown: (incident: IncidentReport) => report('tkd', incident),

    /** Reports a threat for monitoring (POST /v1/incident/monitor); the caller must keep the returned id. */
    reportForMonitoring: (incident: IncidentReport) => report('monitor', incident),

    /** Adds evidence files to an incident (POST /v1/incident/{id}/attach). */
    async attachFiles(id: string, files: readonly Attachment[]): Promise<AttachResult> {
      checkAttachments(files);
      const { body } = await send(['incident', id, 'attach'], {
        method: 'POST',
        form: toMultipart({}, files),
        timeoutMs: uploadTimeoutMs,
        notFoundMessage: 'No incident with this id was found for your clients.',
      });
      const result = AttachResponse.safeParse(body);
      if (!isRecord(body) || !result.success) throw unexpectedResponse('its answer to the upload');
      return { id: result.data.id ?? id, ...(result.data.message ? { message: result.data.message } : {}) };
    },
  };
}
