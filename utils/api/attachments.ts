import { ApiError } from './errors';
import type { Attachment } from './schemas/report';

/** Spec: Limits. "Under 10 MB" is read as decimal megabytes, the stricter reading, leaving room for multipart overhead. */
export const ATTACHMENT_LIMITS = { maxFiles: 12, maxTotalBytes: 10_000_000 } as const;

/** Accepted MIME types and their extensions (spec: POST /v1/incident/{id}/attach). */
export const ACCEPTED_ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/jpg': ['.jpg', '.jpeg'],
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

/** The type to send for each accepted extension: the first the table lists for it. */
const TYPE_OF_EXTENSION = new Map<string, string>();
for (const [type, extensions] of Object.entries(ACCEPTED_ATTACHMENT_TYPES)) {
  for (const extension of extensions) if (!TYPE_OF_EXTENSION.has(extension)) TYPE_OF_EXTENSION.set(extension, type);
}

function baseType(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? '';
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

/**
 * True when the service accepts the file: by MIME type, or by extension when
 * the browser gave no specific type (it often has none for .msg or .eml).
 */
export function isAcceptedAttachment(file: Attachment): boolean {
  const type = baseType(file.type);
  if (Object.hasOwn(ACCEPTED_ATTACHMENT_TYPES, type)) return true;
  const untyped = type === '' || type === 'application/octet-stream';
  return untyped && TYPE_OF_EXTENSION.has(extensionOf(file.name));
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

/** Checks files (and the fields sent beside them) against the spec's limits before anything is sent; throws too_large or invalid_request with the facts. */
export function checkAttachments(files: readonly Attachment[], fields: Readonly<Record<string, string | undefined>> = {}): void {
  if (files.length === 0) throw new ApiError({ kind: 'invalid_request', refusal: 'no_files' });
  const { maxFiles, maxTotalBytes } = ATTACHMENT_LIMITS;
  if (files.length > maxFiles) {
    throw new ApiError({ kind: 'too_large', refusal: 'too_many_files', fileCount: files.length, limit: maxFiles });
  }
  const total = estimateMultipartBytes(fields, files);
  if (total >= maxTotalBytes) {
    throw new ApiError({ kind: 'too_large', refusal: 'too_many_bytes', totalBytes: total, limit: maxTotalBytes });
  }
  const refused = files.find((file) => !isAcceptedAttachment(file));
  if (refused) throw new ApiError({ kind: 'invalid_request', refusal: 'file_type', fileName: refused.name });
}

/**
 * The MIME type a file is sent with: the browser's when it is one the service
 * accepts, else the one the spec's table gives its extension (browsers often
 * give none for .msg or .eml), else what the browser said.
 */
export function attachmentType(file: Attachment): string {
  const type = baseType(file.type);
  if (Object.hasOwn(ACCEPTED_ATTACHMENT_TYPES, type)) return file.type;
  return TYPE_OF_EXTENSION.get(extensionOf(file.name)) ?? file.type;
}

/** A multipart/form-data body, one Blob, the Content-Type that names its boundary, and the text fields it holds. */
export interface Multipart {
  body: Blob;
  type: string;
  names: string[];
}

/** Line breaks in a name or a text value as the form encoding writes them: CRLF. */
const crlf = (text: string) => text.replace(/\r?\n|\r/g, '\r\n');
/** A name in a part's header, quoted: its quotes and line breaks percent-encoded, as browsers write them. */
const quoted = (name: string) => `"${name.replace(/["\n\r]/g, encodeURIComponent)}"`;

/**
 * A multipart body: the given text fields, then `attachments` repeated once
 * per file, each with its accepted type. Written as the HTML standard's
 * multipart/form-data encoding (the tests check it byte for byte against
 * fetch's own), into one Blob over the files, not a FormData: the browser
 * uploads one Blob in about 4 ms less than a FormData of the same parts, the
 * upload's own time in a report (docs/performance.md).
 */
export function toMultipart(fields: Readonly<Record<string, string | undefined>>, files: readonly Attachment[]): Multipart {
  // Random as browsers' own: no text sent can hold it by chance.
  const boundary = `----TakedownReporter${crypto.randomUUID()}`;
  const parts: BlobPart[] = [];
  const names: string[] = [];
  const head = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(crlf(name))}`;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names.push(name);
    parts.push(`${head(name)}\r\n\r\n${crlf(value)}\r\n`);
  }
  for (const file of files) {
    parts.push(`${head('attachments')}; filename=${quoted(file.name)}\r\nContent-Type: ${attachmentType(file) || 'application/octet-stream'}\r\n\r\n`, file, '\r\n');
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), type: `multipart/form-data; boundary=${boundary}`, names };
}
