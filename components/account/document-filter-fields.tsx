import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { DOCUMENT_SORT_FIELDS, type DocumentFilterField, type DocumentFilters } from '@/utils/account/documents-query';
import { DOCUMENT_TYPES } from '@/utils/api/schemas/account-vocabulary';
import { orderClientTree } from '@/utils/connection/client-tree';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { nested } from '../shared/client-picker';
import { clientLabel } from './account-format';

/** A sentence that belongs to one control (a refused value), or to the filters as a whole (field null). */
export interface FilterError {
  field: DocumentFilterField | null;
  text: string;
}

/** What each filter control gets: the filters, how to change them, and the refusal (if any). */
interface FilterFieldProps {
  filters: DocumentFilters;
  onChange(changes: Partial<DocumentFilters>): void;
  error: FilterError | null;
}

/** The refusal's text when it is about this control. */
export const errorOf = (error: FilterError | null, field: DocumentFilterField) => (error?.field === field ? error.text : null);
/** The id of the refusal's line when it is about this control, to tie it to the control. */
const describedBy = (error: FilterError | null, field: DocumentFilterField) => (error?.field === field ? `documents-${field}-error` : undefined);

/** The error under one control, announced and tied to it by id. */
function FieldError({ id, error, field }: { id: string; error: FilterError | null; field: DocumentFilterField }): JSX.Element | null {
  if (error?.field !== field) return null;
  return (
    <p id={id} class="field-error" role="alert">
      {error.text}
    </p>
  );
}

/** The client to list the documents of (or all), in tree order. */
export function ClientFilter({ filters, onChange, error, clients }: FilterFieldProps & { clients: readonly (ClientSummary & { id: string })[] }): JSX.Element {
  return (
    <div class="field">
      <label for="documents-clientId">{i18n.t('account.documents.client')}</label>
      <select
        id="documents-clientId"
        value={filters.clientId}
        aria-invalid={errorOf(error, 'clientId') ? true : undefined}
        aria-describedby={describedBy(error, 'clientId')}
        onChange={(event) => onChange({ clientId: event.currentTarget.value })}
      >
        <option value="">{i18n.t('account.documents.client_all')}</option>
        {orderClientTree(clients).map(({ client, depth }) => (
          <option key={client.id} value={client.id}>
            {nested(clientLabel(client.id, client.name), depth)}
          </option>
        ))}
      </select>
      <FieldError id="documents-clientId-error" error={error} field="clientId" />
    </div>
  );
}

/** The document types to list, one checkbox each. */
export function TypeFilter({ filters, onChange, error }: FilterFieldProps): JSX.Element {
  return (
    <fieldset class="document-types" aria-describedby={['documents-types-hint', describedBy(error, 'types')].filter(Boolean).join(' ')}>
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
  );
}

/** The order of the list: the field to sort by and the direction, which share one refusal. */
export function SortFilter({ filters, onChange, error }: FilterFieldProps): JSX.Element {
  return (
    <>
      <div class="field">
        <label for="documents-sortBy">{i18n.t('account.documents.sort_by')}</label>
        <select
          id="documents-sortBy"
          value={filters.sortBy}
          aria-invalid={errorOf(error, 'sort') ? true : undefined}
          aria-describedby={describedBy(error, 'sort')}
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
          aria-invalid={errorOf(error, 'sort') ? true : undefined}
          aria-describedby={describedBy(error, 'sort')}
          onChange={(event) => onChange({ sortDir: event.currentTarget.value as DocumentFilters['sortDir'] })}
        >
          <option value="desc">{i18n.t('account.documents.dir.desc')}</option>
          <option value="asc">{i18n.t('account.documents.dir.asc')}</option>
        </select>
        <FieldError id="documents-sort-error" error={error} field="sort" />
      </div>
    </>
  );
}

/** The two switches: latest versions only, and deleted documents hidden. */
export function SwitchFilters({ filters, onChange, error }: FilterFieldProps): JSX.Element {
  return (
    <div class="document-switches">
      {(['latestOnly', 'hideDeleted'] as const).map((field) => (
        <div key={field} class="field toggle-field">
          <label class="toggle">
            <input
              type="checkbox"
              checked={filters[field]}
              aria-invalid={errorOf(error, field) ? true : undefined}
              aria-describedby={describedBy(error, field)}
              onChange={(event) => onChange({ [field]: event.currentTarget.checked })}
            />
            {i18n.t(field === 'latestOnly' ? 'account.documents.latest_only' : 'account.documents.hide_deleted')}
          </label>
          <FieldError id={`documents-${field}-error`} error={error} field={field} />
        </div>
      ))}
    </div>
  );
}
