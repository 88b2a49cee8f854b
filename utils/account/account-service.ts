import type { IncidentApi } from '../api/client';
import type { DocumentListParams } from '../api/documents';
import type { User } from '../api/schemas/account';
import type { AccountDocument } from '../api/schemas/document';
import { isWebLink } from '../indicators/web-link';
import { toProblem, type Problem } from '../problems/kinds';
import { parentsFromDocuments } from '../storage/client-parents';
import { connectionItem, recordClientParents } from '../storage/connection';
import { usageCacheItem } from '../storage/usage-cache';
import { toClientCredits, type ClientCredits } from './credits';
import { fieldAtFault, nextPage, type DocumentFilterField } from './documents-query';

/** What failed, as a value: nothing is thrown across messaging. */
export type AccountFailure = { ok: false; problem: Problem };

export type UsageAnswer = { ok: true; balances: ClientCredits[]; skipped: number; readAt: number } | AccountFailure;
export type UsersAnswer = { ok: true; users: User[]; skipped: number } | AccountFailure;
/** One page of documents; `nextPage` null at the end. A 400 names the control at fault when its message says. */
export type DocumentsAnswer = { ok: true; documents: AccountDocument[]; skipped: number; total: number | null; nextPage: number | null } | (AccountFailure & { field: DocumentFilterField | null });
export type SignedUrlAnswer = { ok: true; url: string } | AccountFailure;

/** The calls the account pages need; the connected client satisfies them. */
export type AccountApi = Pick<IncidentApi, 'getUsage' | 'listUsers' | 'listDocuments' | 'getDocumentSignedUrl'>;

async function answer<T extends object>(read: () => Promise<T>): Promise<({ ok: true } & T) | AccountFailure> {
  try {
    return { ok: true, ...(await read()) };
  } catch (error) {
    return { ok: false, problem: toProblem(error) };
  }
}

/** Which connection a cached balance belongs to: another URL or key never sees it. */
async function connectionKey(): Promise<string | null> {
  const saved = await connectionItem.getValue();
  return saved && `${saved.baseUrl} ${saved.keyHint}`;
}

/**
 * Every client's balance (GET /v1/usage). With `maxAgeMs`, a cached answer of
 * the same connection younger than that is reused (the popup opens often);
 * without, the service is asked and the cache renewed.
 */
async function readUsage(api: AccountApi, maxAgeMs: number, now: () => number): Promise<UsageAnswer> {
  const connection = await connectionKey();
  const cached = await usageCacheItem.getValue();
  if (maxAgeMs > 0 && cached && cached.connection === connection && now() - cached.readAt < maxAgeMs) {
    return { ok: true, balances: cached.balances, skipped: cached.skipped, readAt: cached.readAt };
  }
  const result = await answer(async () => {
    const { items, skipped } = await api.getUsage();
    return { balances: items.map(toClientCredits), skipped, readAt: now() };
  });
  if (result.ok && connection) await usageCacheItem.setValue({ connection, readAt: result.readAt, balances: result.balances, skipped: result.skipped });
  return result;
}

async function readDocuments(api: AccountApi, params: DocumentListParams): Promise<DocumentsAnswer> {
  const page = params.page ?? 1;
  const result = await answer(async () => {
    const { items, skipped, paging } = await api.listDocuments({ ...params, page });
    return { documents: items, skipped, total: paging?.total ?? null, nextPage: nextPage(page, paging, items.length + skipped) };
  });
  if (result.ok) {
    // Which client is a sub-client of which, as the documents' `client` objects say: every list of clients groups them from then on.
    await recordClientParents(parentsFromDocuments(result.documents));
    return result;
  }
  const { problem } = result;
  return { ...result, field: problem.kind === 'invalid_request' && 'status' in problem && problem.status === 400 ? fieldAtFault(problem.serverMessage) : null };
}

/**
 * The account's read-only data the options page and popup show (credits,
 * users, documents), answered by the background, which alone holds the key.
 */
export function createAccountService(api: AccountApi, now: () => number = Date.now) {
  return {
    /** Remaining credits per client; `maxAgeMs` lets a recent answer stand in. */
    usage: (options: { maxAgeMs?: number } = {}): Promise<UsageAnswer> => readUsage(api, options.maxAgeMs ?? 0, now),
    /** The account's dashboard users (GET /v1/users). */
    users: (): Promise<UsersAnswer> => answer(() => api.listUsers()).then((result) => (result.ok ? { ok: true, users: result.items, skipped: result.skipped } : result)),
    /** One page of documents (GET /v1/documents). */
    documents: (params: DocumentListParams): Promise<DocumentsAnswer> => readDocuments(api, params),
    /** A fresh signed download link, asked for at the moment of the download and never kept. */
    signedUrl: async (documentId: string): Promise<SignedUrlAnswer> => {
      const answered = await answer(() => api.getDocumentSignedUrl(documentId));
      // The page opens it at once: only an http(s) link, never javascript:, data: or file:.
      if (answered.ok && !isWebLink(answered.url)) return { ok: false, problem: { kind: 'unexpected_response', target: 'download_link' } };
      return answered;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
