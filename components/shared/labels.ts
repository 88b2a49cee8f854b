import { messageLocale } from '@/utils/i18n/locale';

/** A file size as people read it: "820 kB", "1.4 MB". */
export function formatFileSize(bytes: number): string {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1_000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(messageLocale(), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
