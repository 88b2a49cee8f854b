import { createHash } from 'node:crypto';
import type { AttachmentMeta } from './types.ts';
import { HttpError, MESSAGES, badRequest } from './http-error.ts';
import { nowIso } from './clock.ts';

/** Spec, Limits: up to 12 files per report or attach request. */
const MAX_ATTACHMENTS = 12;

/** Spec: the accepted MIME types of POST /v1/incident/{id}/attach, with their extensions. */
const ACCEPTED_FILE_TYPES: Record<string, string[]> = {
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

const ACCEPTED_EXTENSIONS = new Set(Object.values(ACCEPTED_FILE_TYPES).flat());
/** Browsers label unknown files (.msg, .eml) like this, so it says nothing either way. */
const UNLABELLED = new Set(['', 'application/octet-stream']);

/** Form fields and the files of the `attachments` field. */
export interface MultipartBody {
  fields: Record<string, string>;
  files: File[];
}

/** True for a multipart/form-data Content-Type. */
export function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** Parses multipart bytes with the web-standard FormData parser of Node's fetch. */
export async function parseMultipart(bytes: Buffer, contentType: string): Promise<MultipartBody> {
  let form: FormData;
  try {
    const request = new Request('http://sandbox.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
    form = await request.formData();
  } catch {
    throw badRequest('The multipart/form-data body could not be parsed (check the boundary).');
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (name === 'attachments') throw badRequest('attachments must be file parts, not text fields.');
      fields[name] = value;
    } else if (name === 'attachments') {
      files.push(value);
    } else {
      throw badRequest(`Only the attachments field may carry files; got a file in "${name}".`);
    }
  }
  return { fields, files };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Enforces the file count (413) and the type table (400). A file passes when
 * every signal it carries is in the table (a known extension, and a listed MIME
 * type or none) and it carries at least one of them.
 */
export function checkAttachments(files: File[]): void {
  if (files.length > MAX_ATTACHMENTS) throw new HttpError(413, MESSAGES.attachmentsLimit);
  for (const file of files) {
    const ext = extensionOf(file.name);
    const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
    const extOk = ext === '' || ACCEPTED_EXTENSIONS.has(ext);
    const mimeOk = UNLABELLED.has(mime) || mime in ACCEPTED_FILE_TYPES;
    const known = ACCEPTED_EXTENSIONS.has(ext) || mime in ACCEPTED_FILE_TYPES;
    if (!extOk || !mimeOk || !known) {
      throw badRequest(`File "${file.name}" (${mime || 'no type'}) is not an accepted type: use PNG, JPEG, PDF, EML, TXT, MSG, CSV, DOC, DOCX, XLS or XLSX.`);
    }
  }
}

/** Text files up to this size are kept whole in the control state, so tests can read what arrived. */
const KEPT_TEXT_BYTES = 256_000;

/** The metadata the sandbox keeps for each stored file: name, type, size, SHA-256, and the text of small text files. */
export async function attachmentMeta(files: File[]): Promise<AttachmentMeta[]> {
  const uploadedAt = nowIso();
  return Promise.all(
    files.map(async (f) => {
      const bytes = Buffer.from(await f.arrayBuffer());
      const meta: AttachmentMeta = { name: f.name, type: f.type, size: f.size, sha256: createHash('sha256').update(bytes).digest('hex'), uploadedAt };
      if (f.type.startsWith('text/') && f.size <= KEPT_TEXT_BYTES) meta.text = bytes.toString('utf8');
      return meta;
    }),
  );
}
