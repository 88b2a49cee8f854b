import { i18n } from '#i18n';
import type { IndicatorType } from '@/utils/indicators/types';
import type { ReportState } from '@/utils/storage/report-types';
import { messageLocale } from '@/utils/i18n/locale';

/** "URL", "Domain", "Email"…; "?" when the type could not be told. */
export function indicatorTypeLabel(type: IndicatorType | null): string {
  return type ? i18n.t(`indicator_type.${type}`) : i18n.t('indicator_type.unknown');
}

/** A report's state in words. */
export function reportStateLabel(state: ReportState): string {
  return i18n.t(`report.state.${state}`);
}

/** A file size as people read it: "820 kB", "1.4 MB". */
export function formatFileSize(bytes: number): string {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1_000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(messageLocale(), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
