import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { DocumentsAnswer } from '@/utils/account/account-service';
import { buildDocumentsQuery, DEFAULT_DOCUMENT_FILTERS, type DocumentFilterField, type DocumentFilters } from '@/utils/account/documents-query';
import type { DocumentListParams } from '@/utils/api/documents';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { describeProblem } from '@/utils/problems/sentences';
import { askAccount } from './account-format';
import { DocumentFilterControls, type FilterError } from './document-filters';
import { DocumentTable } from './document-table';
import { FocusableButton } from '../ui/focusable-button';

/** Typing in the search or page-size field waits this long before asking. */
const TYPING_PAUSE_MS = 300;

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

/** The documents on file: filtered by the service, paged through to the end with "Load more". */
export function DocumentsView({ clients }: { clients: readonly ClientSummary[] }): JSX.Element {
  const [filters, setFilters] = useState<DocumentFilters>(DEFAULT_DOCUMENT_FILTERS);
  const [listed, setListed] = useState<Listed | null>(null);
  const [loading, setLoading] = useState<'first' | 'more' | null>('first');
  const [failure, setFailure] = useState<FilterError | null>(null);
  const latest = useRef(0);
  const query = buildDocumentsQuery(filters);
  const params = query.ok ? query.params : null;
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

  const error: FilterError | null = query.ok ? failure : { field: 'pageSize', text: i18n.t('account.documents.page_size_invalid') };
  return (
    <section aria-labelledby="account-documents-heading" class="account-part" aria-busy={loading !== null}>
      <h3 id="account-documents-heading">{i18n.t('account.documents.heading')}</h3>
      <DocumentFilterControls filters={filters} onChange={(changes) => setFilters((current) => ({ ...current, ...changes }))} clients={clients} error={error} />
      {loading === 'first' ? (
        <p class="status status-pending" role="status">
          {i18n.t('account.documents.loading')}
        </p>
      ) : (
        listed && <DocumentTable listed={listed} clients={clients} />
      )}
      {listed && loading !== 'first' && (
        <p class="hint" role="status">
          {listed.total === null ? i18n.t('account.documents.count_unknown', [listed.documents.length]) : i18n.t('account.documents.count', [listed.documents.length, listed.total])}
        </p>
      )}
      {error?.field === 'page' && (
        <p id="documents-page-error" class="field-error" role="alert">
          {error.text}
        </p>
      )}
      {listed?.nextPage && params && loading !== 'first' && (
        <FocusableButton
          type="button"
          class="secondary"
          unavailable={loading === 'more'}
          aria-describedby={error?.field === 'page' ? 'documents-page-error' : undefined}
          onClick={() => void load(listed.nextPage!, params, listed)}
        >
          {i18n.t(loading === 'more' ? 'account.documents.loading_more' : 'account.documents.load_more')}
        </FocusableButton>
      )}
    </section>
  );
}
