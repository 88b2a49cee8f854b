import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from './context.ts';
import type { DocumentRecord } from './types.ts';

/** The spec only says "short-lived"; the sandbox picks five minutes. */
const SIGNED_URL_TTL_SECONDS = 300;

function sign(ctx: SandboxContext, docId: string, expires: string): string {
  return createHmac('sha256', ctx.fileSecret).update(`${docId}.${expires}`).digest('hex');
}

/** Builds a fresh signed download link for a document. */
export function signedUrlFor(ctx: SandboxContext, docId: string): string {
  const expires = String(Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS);
  const sig = sign(ctx, docId, expires);
  return `${ctx.baseUrl}/__sandbox/files/${encodeURIComponent(docId)}?sig=${sig}&expires=${expires}`;
}

/** Checks a download link; says why it is refused, or null when it is good. */
export function signedUrlProblem(ctx: SandboxContext, docId: string, sig: string | null, expires: string | null): string | null {
  if (!sig || !expires || !/^\d+$/.test(expires)) return 'The link is missing its signature.';
  const expected = Buffer.from(sign(ctx, docId, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'The link signature is not valid.';
  if (Number(expires) * 1000 < Date.now()) return 'The link has expired; fetch a fresh one.';
  return null;
}

const TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.zip': 'application/zip' };

/** Small stand-in bytes for a document download. */
export function documentFile(doc: DocumentRecord): { bytes: Buffer; contentType: string; fileName: string } {
  const fileName = doc.fileName ?? `${doc.id}.bin`;
  const ext = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  const contentType = TYPES[ext] ?? 'application/octet-stream';
  const text = ext === '.pdf' ? `%PDF-1.4\n% sandbox stand-in for ${fileName}\n%%EOF\n` : `sandbox stand-in for ${fileName}\n`;
  return { bytes: Buffer.from(text), contentType, fileName };
}
