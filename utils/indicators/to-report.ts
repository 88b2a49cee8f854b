import type { ReportFields } from '../api/schemas/report';
import type { Indicator } from './types';

/**
 * The spec's report fields for an indicator: `url` for pages and domains;
 * `incidentType` with `subject` for email, phone and IPv4.
 */
export function toReportFields(indicator: Indicator): ReportFields {
  switch (indicator.type) {
    case 'url':
    case 'domain':
      return { url: indicator.value };
    case 'email':
      return { incidentType: 'email', subject: indicator.value };
    case 'phone':
      return { incidentType: 'phone', subject: indicator.value };
    case 'ipv4':
      return { incidentType: 'ipv4', subject: indicator.value };
  }
}
