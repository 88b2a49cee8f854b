import type { ApiRequest, ApiRoute } from './api-types.ts';
import type { SandboxContext } from '../context.ts';
import type { DocumentRecord } from '../types.ts';
import { clientsFor } from '../auth.ts';
import { HttpError, MESSAGES } from '../http-error.ts';
import { json } from '../respond.ts';
import { boolParam, enumListParam, enumParam, intParam } from '../query.ts';
import { signedUrlFor } from '../files.ts';

const DOC_TYPES = ['loa', 'trademark_registration', 'exec_loa', 'file'];
const SORT_FIELDS = ['createdAt', 'updatedAt', 'docType', 'id'] as const;

/** DocumentStructure; `deletedAt` and `executiveId` are extra fields clients must ignore. */
function toDocument(ctx: SandboxContext, doc: DocumentRecord): Record<string, unknown> {
  const client = ctx.state.clients.find((c) => c.id === doc.clientId);
  return {
    id: doc.id,
    clientId: doc.clientId,
    client: client && !doc.hideClient ? { id: client.id, name: client.name, parentClientId: client.parentClientId } : null,
    docType: doc.docType,
    fileName: doc.fileName,
    uploadedBy: doc.uploadedBy,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    deletedAt: doc.deletedAt,
    ...(doc.executiveId ? { executiveId: doc.executiveId } : {}),
  };
}

function latestPerType(docs: DocumentRecord[]): DocumentRecord[] {
  const newest = new Map<string, DocumentRecord>();
  for (const doc of docs) {
    const key = `${doc.clientId}/${doc.docType}`;
    const seen = newest.get(key);
    if (!seen || (doc.createdAt ?? '') > (seen.createdAt ?? '')) newest.set(key, doc);
  }
  return docs.filter((d) => newest.get(`${d.clientId}/${d.docType}`) === d);
}

function listDocuments(req: ApiRequest, ctx: SandboxContext) {
  const { query } = req;
  const clientIds = clientsFor(req.scope, query.get('clientId'));
  const docTypes = enumListParam(query, 'docType', DOC_TYPES);
  const sortBy = enumParam(query, 'sortBy', SORT_FIELDS, 'createdAt');
  const sortDir = enumParam(query, 'sortDir', ['asc', 'desc'] as const, 'desc');
  const latestOnly = boolParam(query, 'latestOnly');
  const excludeDeleted = boolParam(query, 'excludeDeleted');
  const limit = intParam(query, 'limit', 50, 1, 200);
  const page = intParam(query, 'page', 1, 1);
  const executiveId = query.get('executiveId');
  const q = query.get('q')?.toLowerCase();
  let docs = ctx.state.documents.filter(
    (d) =>
      clientIds.includes(d.clientId) &&
      (!docTypes || docTypes.includes(d.docType)) &&
      (!excludeDeleted || d.deletedAt === null) &&
      (executiveId === null || d.executiveId === executiveId) &&
      (!q || [d.id, d.fileName, d.docType, d.uploadedBy?.email, d.uploadedBy?.name].some((v) => v?.toLowerCase().includes(q))),
  );
  if (latestOnly) docs = latestPerType(docs);
  const sign = sortDir === 'asc' ? 1 : -1;
  docs.sort((a, b) => sign * ((a[sortBy] ?? '').localeCompare(b[sortBy] ?? '') || a.id.localeCompare(b.id)));
  const total = docs.length;
  const totalPages = Math.ceil(total / limit);
  const data = docs.slice((page - 1) * limit, page * limit).map((d) => toDocument(ctx, d));
  return json({ message: 'OK', data, paging: { page, limit, count: data.length, total, totalPages, hasMore: page < totalPages } });
}

function documentOr404(req: ApiRequest, ctx: SandboxContext): DocumentRecord {
  const doc = ctx.state.documents.find((d) => d.id === req.params.documentId && req.scope.clientIds.includes(d.clientId));
  if (!doc) throw new HttpError(404, MESSAGES.documentNotFound);
  return doc;
}

/** Document list (page paging), detail with a signed link, and a fresh signed link. */
export const DOCUMENT_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/documents', handler: listDocuments },
  {
    method: 'GET',
    path: '/v1/documents/:documentId',
    handler: (req, ctx) => {
      const doc = documentOr404(req, ctx);
      return json({ message: 'OK', data: { ...toDocument(ctx, doc), signedUrl: signedUrlFor(ctx, doc.id) } });
    },
  },
  {
    method: 'GET',
    path: '/v1/documents/:documentId/signed-url',
    handler: (req, ctx) => json({ message: 'OK', data: { signedUrl: signedUrlFor(ctx, documentOr404(req, ctx).id) } }),
  },
];
