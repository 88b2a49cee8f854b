import type { JSX, Ref } from 'preact';
import { useMemo } from 'preact/hooks';
import { i18n } from '#i18n';
import type { RowSort } from '@/components/my-reports/report-row-query';
import { REPORT_COLUMNS, type ReportColumn } from '@/components/my-reports/report-rows';

interface ReportTableHeadProps {
  head: Ref<HTMLTableSectionElement>;
  sort: RowSort;
  onSort(column: ReportColumn): void;
}

/** The table's sticky header: a sort button per column, marked with the sort's direction, and the actions' column. */
export function ReportTableHead({ head, sort, onSort }: ReportTableHeadProps): JSX.Element {
  // The same elements (not diffed) until the sort changes: a keystroke re-renders the table, not its header (issue 43).
  return useMemo(
    () => (
      <thead ref={head}>
        <tr aria-rowindex={1}>
          {REPORT_COLUMNS.map((column) => (
            <th key={column} scope="col" class={`column-${column}`} aria-sort={sort.column === column ? sort.direction : undefined}>
              <button type="button" class="sort-button" onClick={() => onSort(column)}>
                {i18n.t(`my_reports.column.${column}`)}
                <span aria-hidden="true" class="sort-mark">
                  {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                </span>
              </button>
            </th>
          ))}
          <th scope="col" class="column-actions">
            <span class="visually-hidden">{i18n.t('my_reports.column.actions')}</span>
          </th>
        </tr>
      </thead>
    ),
    [head, sort, onSort],
  );
}
