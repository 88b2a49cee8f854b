import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { findReportForIncident } from '@/utils/report/report-store';
import { isWebLink } from '@/utils/indicators/web-link';

/**
 * The incident's dashboard link. The service gives it only in the answer to
 * the report that created the incident, so it is known when a report from
 * this browser did; otherwise nothing is shown.
 */
export function DashboardLink({ incidentId }: { incidentId: string }): JSX.Element | null {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    findReportForIncident(incidentId)
      .then((report) => current && setUrl(report?.incident?.dashboardUrl))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [incidentId]);
  // Links are stored only when http(s); checked again where they are opened.
  if (!isWebLink(url)) return null;
  return (
    <p>
      <a href={url} target="_blank" rel="noreferrer noopener" class="dashboard-link">
        {i18n.t('incident_capture.open_dashboard')}
      </a>
    </p>
  );
}
