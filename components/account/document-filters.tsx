import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { DOCUMENT_SORT_FIELDS, PAGE_SIZE_RANGE, type DocumentFilterField, type DocumentFilters } from '@/utils/account/documents-query';
import { DOCUMENT_TYPES } from '@/utils/api/schemas/account-vocabulary';
import { orderClientTree } from '@/utils/connection/client-tree';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { nested } from '../shared/client-picker';
import { NumberField } from '../ui/number-field';
import { TextField } from '../ui/text-field';
import { clientLabel } from './account-format';

/** A sentence that belongs to one control (a refused value), or to the filters as a whole (field null). */
export interface FilterError {
  field: DocumentFilterField | null;
  text: string;
}

interface DocumentFiltersProps {
  filters: DocumentFilters;
  onChange(changes: Partial<DocumentFilters>): void;
  clients: readonly ClientSummary[];
  error: FilterError | null;
}

/** The error under one control, announced and tied to it by id. */
function FieldError({ id, error, field }: { id: string; error: FilterError | null; field: DocumentFilterField }): JSX.Element | null {
  if (error?.field !== field) return null;
  return (
    <p id={id} class="field-error" role="alert">
      {error.text}
    </p>
  );
}

/** Filters of the document list: client, types, search, order, the two switches and the page size. */
export function DocumentFilterControls({ filters, onChange, clients, error }: DocumentFiltersProps): JSX.Element {
  const withIds = clients.filter((client): client is ClientSummary & { id: string } => client.id !== null);
  const errorOf = (field: DocumentFilterField) => (error?.field === field ? error.text : null);
  const describedBy = (field: DocumentFilterField) => (error?.field === field ? `documents-${field}-error` : undefined);
  return (
    <div class="document-filters" role="group" aria-label={i18n.t('account.documents.filters')} aria-describedby={error && !error.field ? 'documents-filters-error' : undefined}>
      {error && !error.field && (
        <p id="documents-filters-error" class="problem" role="alert">
          {error.text}
        </p>
      )}
      {withIds.length > 1 && (
        <div class="field">
          <label for="documents-clientId">{i18n.t('account.documents.client')}</label>
          <select
            id="documents-clientId"
            value={filters.clientId}
            aria-invalid={errorOf('clientId') ? true : undefined}
            aria-describedby={describedBy('clientId')}
            onChange={(event) => onChange({ clientId: event.currentTarget.value })}
          >
            <option value="">{i18n.t('account.documents.client_all')}</option>
            {orderClientTree(withIds).map(({ client, depth }) => (
              <option key={client.id} value={client.id}>
                {nested(clientLabel(client.id, client.name), depth)}
              </option>
            ))}
          </select>
          <FieldError id="documents-clientId-error" error={error} field="clientId" />
        </div>
      )}
      <TextField
        id="documents-search"
        label={i18n.t('account.documents.search')}
        value={filters.search}
        onInput={(search) => onChange({ search })}
        hint={i18n.t('account.documents.search_hint')}
        error={errorOf('search')}
      />
      <fieldset class="document-types" aria-describedby={['documents-types-hint', describedBy('types')].filter(Boolean).join(' ')}>
        <legend>{i18n.t('account.documents.types')}</legend>
        {DOCUMENT_TYPES.map((type) => (
          <label key={type} class="toggle">
            <input
              type="checkbox"
              checked={filters.types.includes(type)}
              onChange={(event) => onChange({ types: event.currentTarget.checked ? [...filters.types, type] : filters.types.filter((kept) => kept !== type) })}
            />
            {i18n.t(`account.documents.type.${type}`)}
          </label>
        ))}
        <p id="documents-types-hint" class="hint">
          {i18n.t('account.documents.types_hint')}
        </p>
        <FieldError id="documents-types-error" error={error} field="types" />
      </fieldset>
      <div class="field">
        <label for="documents-sortBy">{i18n.t('account.documents.sort_by')}</label>
        <select
          id="documents-sortBy"
          value={filters.sortBy}
          aria-invalid={errorOf('sort') ? true : undefined}
          aria-describedby={describedBy('sort')}
          onChange={(event) => onChange({ sortBy: event.currentTarget.value as DocumentFilters['sortBy'] })}
        >
          {DOCUMENT_SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {i18n.t(`account.documents.sort.${field}`)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="documents-sortDir">{i18n.t('account.documents.sort_dir')}</label>
        <select
          id="documents-sortDir"
          value={filters.sortDir}
          aria-invalid={errorOf('sort') ? true : undefined}
          aria-describedby={describedBy('sort')}
          onChange={(event) => onChange({ sortDir: event.currentTarget.value as DocumentFilters['sortDir'] })}
        >
          <option value="desc">{i18n.t('account.documents.dir.desc')}</option>
          <option value="asc">{i18n.t('account.documents.dir.asc')}</option>
        </select>
        <FieldError id="documents-sort-error" error={error} field="sort" />
      </div>
      <NumberField
        id="documents-pageSize"
        label={i18n.t('account.documents.page_size')}
        value={filters.pageSize}
        onInput={(pageSize) => onChange({ pageSize })}
        range={PAGE_SIZE_RANGE}
        hint={i18n.t('account.documents.page_size_hint')}
        error={errorOf('pageSize')}
      />
      <div class="document-switches">
        {(['latestOnly', 'hideDeleted'] as const).map((field) => (
          <div key={field} class="field toggle-field">
            <label class="toggle">
              <input
                type="checkbox"
                checked={filters[field]}
                aria-invalid={errorOf(field) ? true : undefined}
                aria-describedby={describedBy(field)}
                onChange={(event) => onChange({ [field]: event.currentTarget.checked })}
              />
              {i18n.t(field === 'latestOnly' ? 'account.documents.latest_only' : 'account.documents.hide_deleted')}
            </label>
            <FieldError id={`documents-${field}-error`} error={error} field={field} />
          </div>
        ))}
      </div>
    </div>
  );
}
