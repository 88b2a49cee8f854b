import { i18n } from '#i18n';
import { isKnownIncidentStatus } from '../api/schemas/incident-vocabulary';

/** A status as people read it: known values in words, an unknown one as the service wrote it, none as "not given". */
export function incidentStatusLabel(status: string | null | undefined): string {
  if (!status) return i18n.t('incident_status.none');
  return isKnownIncidentStatus(status) ? i18n.t(`incident_status.${status}`) : status;
}
