import { i18n } from '#i18n';
import type { ApiErrorInfo } from '../api/errors';
import type { IndicatorWarning } from '../indicators/types';
import type { Problem } from './kinds';
import { messageLocale } from '../i18n/locale';

// The one place where problems become sentences (utils/i18n/locales).

/** "7 seconds", "3 minutes": a wait, in the browser's language. */
export function formatWait(seconds: number): string {
  const [value, unit] = seconds < 90 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(messageLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** "10.1 MB": a size in decimal megabytes, as the spec's limit is stated. */
export function formatMegabytes(bytes: number): string {
  return new Intl.NumberFormat(messageLocale(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}

function withServerWords(sentence: string, serverMessage: string | undefined): string {
  return serverMessage ? `${sentence} ${i18n.t('problem.server_said', [serverMessage])}` : sentence;
}

function describeNotFound(info: ApiErrorInfo): string {
  switch (info.target) {
    case 'incident':
      return i18n.t('problem.not_found.incident');
    case 'subject':
      return i18n.t('problem.not_found.subject');
    case 'document':
      return i18n.t('problem.not_found.document');
    case 'webhook':
      return i18n.t('problem.not_found.webhook');
    default:
      return i18n.t('problem.not_found.other');
  }
}

function describeTooLarge(info: ApiErrorInfo): string {
  if (info.refusal === 'too_many_files' && info.fileCount !== undefined && info.limit !== undefined) {
    return i18n.t('problem.too_large.files', [info.limit, info.fileCount, info.fileCount - info.limit]);
  }
  if (info.refusal === 'too_many_bytes' && info.totalBytes !== undefined && info.limit !== undefined) {
    return i18n.t('problem.too_large.bytes', [formatMegabytes(info.totalBytes), formatMegabytes(info.limit)]);
  }
  return i18n.t('problem.too_large.other');
}

function describeInvalidRequest(info: ApiErrorInfo): string {
  switch (info.refusal) {
    case 'missing_id':
      return i18n.t('problem.invalid_request.missing_id');
    case 'dot_segment':
      return i18n.t('problem.invalid_request.dot_segment');
    case 'no_files':
      return i18n.t('problem.invalid_request.no_files');
    case 'file_type':
      return i18n.t('problem.invalid_request.file_type', [info.fileName ?? '']);
    case 'empty_comment':
      return i18n.t('problem.invalid_request.empty_comment');
    case 'webhook_not_https':
      return i18n.t('problem.invalid_request.webhook_not_https');
    case 'invalid_base_url':
      return i18n.t('problem.invalid_request.invalid_base_url');
    case 'redirected':
      return i18n.t('problem.invalid_request.redirected');
    default:
      return info.serverMessage ? i18n.t('problem.invalid_request.server_said', [info.serverMessage]) : i18n.t('problem.invalid_request.other', [info.status ?? 400]);
  }
}

function describeRateLimited({ retryAfterSeconds }: ApiErrorInfo): string {
  if (retryAfterSeconds === undefined) return i18n.t('problem.rate_limited.wait');
  if (retryAfterSeconds === 0) return i18n.t('problem.rate_limited.now');
  return i18n.t('problem.rate_limited.after', [formatWait(retryAfterSeconds)]);
}

function describeApiError(info: ApiErrorInfo): string {
  switch (info.kind) {
    case 'unauthorized':
      return i18n.t(info.clientScoped ? 'problem.unauthorized.client' : 'problem.unauthorized.key');
    case 'not_found':
      return describeNotFound(info);
    case 'duplicate':
      // 409 means "already reported" on a report only; approve, attach and the
      // rest answer 409 with a meaning of their own, which the server words.
      return info.target === undefined || info.target === 'report' ? i18n.t('problem.duplicate') : withServerWords(i18n.t('problem.conflict'), info.serverMessage);
    case 'too_large':
      return describeTooLarge(info);
    case 'invalid_request':
      return describeInvalidRequest(info);
    case 'rate_limited':
      return describeRateLimited(info);
    case 'server_error':
      return withServerWords(i18n.t('problem.server_error', [info.status ?? 500]), info.serverMessage);
    case 'network':
      return i18n.t('problem.network');
    case 'timeout':
      return info.timeoutSeconds === undefined ? i18n.t('problem.timeout.other') : i18n.t('problem.timeout.after', [formatWait(info.timeoutSeconds)]);
    case 'unexpected_response':
      if (info.refusal === 'body_too_large' && info.limit !== undefined) return i18n.t('problem.unexpected_response.body_too_large', [String(Math.round(info.limit / 1024 / 1024))]);
      return info.refusal === 'not_json' && info.status !== undefined ? i18n.t('problem.unexpected_response.not_json', [info.status]) : i18n.t('problem.unexpected_response.other');
  }
}

/** The note shown beside an indicator that will be reported but deserves a second look. */
export function describeIndicatorWarning(warning: IndicatorWarning): string {
  return i18n.t(`indicator_warning.${warning}`);
}

/** The sentence a person reads for a problem: what happened and what to do. */
export function describeProblem(problem: Problem): string {
  switch (problem.kind) {
    case 'invalid_input':
      return i18n.t(`problem.input.${problem.reason}`);
    case 'invalid_indicator':
      return i18n.t(`problem.indicator.${problem.reason}`);
    case 'not_configured':
      return i18n.t('problem.not_configured');
    case 'permission_missing':
      return i18n.t(problem.declined ? 'problem.permission_declined' : 'problem.permission_missing', [problem.origin]);
    case 'key_rejected':
      return i18n.t('problem.key_rejected', [problem.origin]);
    case 'unreachable':
      return i18n.t('problem.unreachable', [problem.origin]);
    case 'not_the_api':
      return i18n.t('problem.not_the_api', [problem.origin]);
    case 'background_unreachable':
      return i18n.t('problem.background_unreachable');
    case 'report_missing':
      return i18n.t('problem.report_missing');
    case 'report_busy':
      return i18n.t('problem.report_busy');
    case 'interrupted':
      return i18n.t('problem.interrupted');
    case 'not_received':
      return i18n.t('problem.not_received');
    case 'not_listed_yet':
      return i18n.t('problem.not_listed_yet');
    case 'offline':
      return i18n.t('problem.offline');
    case 'capture_failed':
      if (problem.reason) return i18n.t(`problem.capture_failed.${problem.what}_${problem.reason}`);
      return i18n.t(`problem.capture_failed.${problem.what}`);
    case 'no_tab_access':
      return i18n.t('problem.no_tab_access');
    case 'code_not_loaded':
      return i18n.t('problem.code_not_loaded');
    case 'reports_unreadable':
      return problem.newer === undefined ? i18n.t('problem.reports_unreadable') : i18n.t('problem.reports_newer');
    case 'report_not_saved':
      return i18n.t(problem.full ? 'problem.report_not_saved_full' : 'problem.report_not_saved');
    default:
      return describeApiError(problem);
  }
}
