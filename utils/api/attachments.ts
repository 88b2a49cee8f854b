import { ApiError } from './errors';
import type { Attachment } from './schemas/report';

/** Spec: Limits. "Under 10 MB" is read as decimal megabytes, the stricter reading, leaving room for multipart overhead. */
export const ATTACHMENT_LIMITS = { maxFiles: 12, maxTotalBytes: 10_000_000 } as const;

/** Accepted MIME types and their extensions (spec: POST /v1/incident/{id}/attach). */
export const ACCEPTED_ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpg': ['.jpg', '.jpeg'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
  'message/rfc822': ['.eml'],
  'text/plain': ['.txt'],
  'application/vnd.ms-outlook': ['.msg'],
  'text/csv': ['.csv'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

const ACCEPTED_EXTENSIONS = new Set(Object.values(ACCEPTED_ATTACHMENT_TYPES).flat());
const ACCEPTED_LIST = 'PNG, JPEG, PDF, EML, TXT, MSG, CSV, DOC, DOCX, XLS or XLSX';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

/**
 * True when the service accepts the file: by MIME type, or by extension when
 * the browser gave no specific type (it often has none for .msg or .eml).
 */
export function isAcceptedAttachment(file: Attachment): boolean {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type in ACCEPTED_ATTACHMENT_TYPES) return true;
  const untyped = type === '' || type === 'application/octet-stream';
  return untyped && ACCEPTED_EXTENSIONS.has(extensionOf(file.name));
}

// Each multipart part adds a boundary and headers; names may be escaped. A
// generous estimate keeps a request the client lets through under the limit.
const PART_OVERHEAD_BYTES = 256;

/** The size a multipart request with these fields and files will roughly have. */
export function estimateMultipartBytes(fields: Readonly<Record<string, string | undefined>>, files: readonly Attachment[]): number {
  const encoder = new TextEncoder();
  let total = PART_OVERHEAD_BYTES;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) total += PART_OVERHEAD_BYTES + name.length + encoder.encode(value).length;
  }
  for (const file of files) total += PART_OVERHEAD_BYTES + 3 * file.name.length + file.size;
  return total;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Checks files (and the fields sent beside them) against the spec's limits before anything is sent; throws too_large or invalid_request. */
export function checkAttachments(
  files: readonly Attachment[],
  fields: Readonly<Record<string, string | undefined>> = {},
): void {
  if (files.length === 0) {
    throw new ApiError({ kind: 'invalid_request', message: 'Choose at least one file to attach.' });
  }
  if (files.length > ATTACHMENT_LIMITS.maxFiles) {
    throw new ApiError({
      kind: 'too_large',
      message: `The service accepts at most ${ATTACHMENT_LIMITS.maxFiles} files at a time; ${files.length} were chosen. Remove ${files.length - ATTACHMENT_LIMITS.maxFiles}.`,
    });
  }
  const total = estimateMultipartBytes(fields, files);
  if (total >= ATTACHMENT_LIMITS.maxTotalBytes) {
    throw new ApiError({
      kind: 'too_large',
      message: `The files add up to ${megabytes(total)} with the report; the service accepts under 10 MB in total. Remove or shrink some.`,
    });
  }
  const refused = files.find((file) => !isAcceptedAttachment(file));
  if (refused) {
    throw new ApiError({
      kind: 'invalid_request',
      message: `“${refused.name}” is not a file type the service accepts. Use ${ACCEPTED_LIST}.`,
    });
  }
}

/** A multipart body: the given text fields, then `attachments` repeated once per file. */
export function toMultipart(fields: Readonly<Record<string, string | undefined>>, files: readonly Attachment[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}
