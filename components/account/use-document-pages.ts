import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { DocumentsAnswer } from '@/utils/account/account-service';
import type { DocumentFilterField } from '@/utils/account/documents-query';
import type { DocumentListParams } from '@/utils/api/documents';
import { describeProblem } from '@/utils/problems/sentences';
import { askAccount } from './account-format';
import type { FilterError } from './document-filter-fields';

/** Typing in the search or page-size field waits this long before asking. */
const TYPING_PAUSE_MS = 300;

/** A page of documents the service answered, and those before it. */
type Listed = Extract<DocumentsAnswer, { ok: true }>;

/** The label of each control, to name it in a refusal; the page number has none but its parameter. */
const CONTROL_LABELS: Record<DocumentFilterField, () => string> = {
  clientId: () => i18n.t('account.documents.client'),
  types: () => i18n.t('account.documents.types'),
  search: () => i18n.t('account.documents.search'),
  sort: () => i18n.t('account.documents.sort_by'),
  latestOnly: () => i18n.t('account.documents.latest_only'),
  hideDeleted: () => i18n.t('account.documents.hide_deleted'),
  pageSize: () => i18n.t('account.documents.page_size'),
  page: () => 'page',
};

/** A 400 at its control, naming it, in the service's words (which name the parameter); any other failure by the filters as a whole. */
function failureOf({ problem, field }: Exclude<DocumentsAnswer, { ok: true }>): FilterError {
  const serverMessage = 'serverMessage' in problem ? problem.serverMessage : undefined;
  if (!field || !serverMessage) return { field: null, text: describeProblem(problem) };
  return { field, text: i18n.t('account.documents.refused', [CONTROL_LABELS[field](), serverMessage]) };
}

/**
 * The documents the filters ask for, read again when they change (after a
 * typing pause) and paged through with `load`; an answer to an older
 * question is dropped.
 */
export function useDocumentPages(params: DocumentListParams | null) {
  const [listed, setListed] = useState<Listed | null>(null);
  const [loading, setLoading] = useState<'first' | 'more' | null>('first');
  const [failure, setFailure] = useState<FilterError | null>(null);
  const latest = useRef(0);
  const paramsKey = JSON.stringify(params);

  async function load(page: number, base: DocumentListParams, previous: Listed | null): Promise<void> {
    const ticket = ++latest.current;
    setLoading(previous ? 'more' : 'first');
    setFailure(null);
    const answer = await askAccount((account) => account.documents({ ...base, page }));
    if (ticket !== latest.current) return;
    setLoading(null);
    if (!answer.ok) {
      const failed = failureOf({ field: null, ...answer });
      // A failed "Load more" belongs by its button; a failed first page leaves no list of other filters on screen.
      if (previous) return setFailure({ ...failed, field: failed.field ?? 'page' });
      setListed(null);
      return setFailure(failed);
    }
    setListed(previous ? { ...answer, documents: [...previous.documents, ...answer.documents], skipped: previous.skipped + answer.skipped } : answer);
  }

  useEffect(() => {
    if (!params) return;
    const timer = setTimeout(() => void load(1, params, null), latest.current === 0 ? 0 : TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [paramsKey]);

  return { listed, loading, failure, load };
}
