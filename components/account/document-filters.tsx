import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { PAGE_SIZE_RANGE, type DocumentFilters } from '@/utils/account/documents-query';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { NumberField } from '../ui/number-field';
import { TextField } from '../ui/text-field';
import { ClientFilter, errorOf, SortFilter, SwitchFilters, TypeFilter, type FilterError } from './document-filter-fields';

export type { FilterError } from './document-filter-fields';

interface DocumentFiltersProps {
  filters: DocumentFilters;
  onChange(changes: Partial<DocumentFilters>): void;
  clients: readonly ClientSummary[];
  error: FilterError | null;
}

/** Filters of the document list: client, types, search, order, the two switches and the page size. */
export function DocumentFilterControls({ filters, onChange, clients, error }: DocumentFiltersProps): JSX.Element {
  const withIds = clients.filter((client): client is ClientSummary & { id: string } => client.id !== null);
  const fieldProps = { filters, onChange, error };
  return (
    <div class="document-filters" role="group" aria-label={i18n.t('account.documents.filters')} aria-describedby={error && !error.field ? 'documents-filters-error' : undefined}>
      {error && !error.field && (
        <p id="documents-filters-error" class="problem" role="alert">
          {error.text}
        </p>
      )}
      {withIds.length > 1 && <ClientFilter {...fieldProps} clients={withIds} />}
      <TextField
        id="documents-search"
        label={i18n.t('account.documents.search')}
        value={filters.search}
        onInput={(search) => onChange({ search })}
        hint={i18n.t('account.documents.search_hint')}
        error={errorOf(error, 'search')}
      />
      <TypeFilter {...fieldProps} />
      <SortFilter {...fieldProps} />
      <NumberField
        id="documents-pageSize"
        label={i18n.t('account.documents.page_size')}
        value={filters.pageSize}
        onInput={(pageSize) => onChange({ pageSize })}
        range={PAGE_SIZE_RANGE}
        hint={i18n.t('account.documents.page_size_hint')}
        error={errorOf(error, 'pageSize')}
      />
      <SwitchFilters {...fieldProps} />
    </div>
  );
}
