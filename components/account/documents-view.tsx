import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { buildDocumentsQuery, DEFAULT_DOCUMENT_FILTERS, type DocumentFilters } from '@/utils/account/documents-query';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { DocumentFilterControls, type FilterError } from './document-filters';
import { DocumentTable } from './document-table';
import { FocusableButton } from '../ui/focusable-button';
import { useDocumentPages } from './use-document-pages';

/** The documents on file: filtered by the service, paged through to the end with "Load more". */
export function DocumentsView({ clients }: { clients: readonly ClientSummary[] }): JSX.Element {
  const [filters, setFilters] = useState<DocumentFilters>(DEFAULT_DOCUMENT_FILTERS);
  const query = buildDocumentsQuery(filters);
  const params = query.ok ? query.params : null;
  const { listed, loading, failure, load } = useDocumentPages(params);
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
