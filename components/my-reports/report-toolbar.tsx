import type { JSX } from 'preact';
import { useMemo, useRef } from 'preact/hooks';
import { i18n } from '#i18n';
import { FILTER_COLUMNS, filterOptions, type FilterColumn, type RowFilter } from '@/components/my-reports/report-row-query';
import type { ReportRow } from '@/components/my-reports/report-rows';
import { messageLocale } from '@/utils/i18n/locale';

interface ReportToolbarProps {
  /** Every row: the selects offer the values present in them. */
  rows: readonly ReportRow[];
  /** As typed and chosen (the table follows a moment later). */
  filter: RowFilter;
  onFilter(filter: RowFilter): void;
  shown: number;
  onExport(): void;
}

const count = new Intl.NumberFormat(messageLocale());

/**
 * The filter selects, kept the same elements until their options or values
 * change: a keystroke in the search re-renders none of them (issue 43). Their
 * handlers read the filter as it is then, not as it was when they were made.
 */
function useFilterSelects(options: Record<FilterColumn, ReturnType<typeof filterOptions>>, filter: RowFilter, onFilter: (filter: RowFilter) => void): JSX.Element[] {
  const latest = useRef(filter);
  latest.current = filter;
  const values = FILTER_COLUMNS.map((column) => filter[column]);
  return useMemo(
    () =>
      FILTER_COLUMNS.map((column) => (
        <div class="field" key={column}>
          <label for={`reports-filter-${column}`}>{i18n.t(`my_reports.column.${column}`)}</label>
          <select id={`reports-filter-${column}`} value={latest.current[column]} onChange={(event) => onFilter({ ...latest.current, [column]: event.currentTarget.value })}>
            <option value="">{i18n.t('my_reports.any')}</option>
            {options[column].map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )),
    // The values, not the filter object: the search makes a new one on each key.
    [options, onFilter, ...values],
  );
}

/** The filter selects, the search, "only those that need you", the row count and the CSV export. */
export function ReportToolbar({ rows, filter, onFilter, shown, onExport }: ReportToolbarProps): JSX.Element {
  const options = useMemo(() => Object.fromEntries(FILTER_COLUMNS.map((column) => [column, filterOptions(rows, column)])) as Record<FilterColumn, ReturnType<typeof filterOptions>>, [rows]);
  const selects = useFilterSelects(options, filter, onFilter);
  return (
    <div class="report-toolbar">
      <div class="report-filters">
        {selects}
        <div class="field report-search">
          <label for="reports-search">{i18n.t('my_reports.search')}</label>
          <input id="reports-search" type="search" value={filter.text} onInput={(event) => onFilter({ ...filter, text: event.currentTarget.value })} />
        </div>
      </div>
      <div class="report-summary">
        <div class="toggle">
          <input id="reports-attention" type="checkbox" checked={filter.attentionOnly} onChange={(event) => onFilter({ ...filter, attentionOnly: event.currentTarget.checked })} />
          <label for="reports-attention">{i18n.t('my_reports.attention_only')}</label>
        </div>
        <p class="report-count" role="status" aria-atomic="true">
          {i18n.t('my_reports.count', [count.format(shown), count.format(rows.length)])}
        </p>
        <button type="button" class="link-button" disabled={shown === 0} onClick={onExport}>
          {i18n.t('my_reports.export', [count.format(shown)])}
        </button>
      </div>
    </div>
  );
}
