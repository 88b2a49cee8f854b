import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { Settings } from '@/utils/settings/settings';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { KnownIncident } from '../incident/known-incident';
import { ProblemMessage } from '../ui/problem-message';
import { ReportForm } from './report-form';
import type { ShownIncident } from './report-form-outcome';
import { useTabDraft } from './use-tab-draft';
import { lazyComponent } from '../ui/lazy';

/** How the tab got here (issue 41): its code loads only when the setting is on, after the form shows. */
const NavigationWay = lazyComponent(() => import('./navigation-way').then((module) => module.NavigationWay));

interface PopupReportProps {
  connection: SavedConnection;
  settings: Settings | null;
  /** A subject to report instead of the tab's address ("Report it" from a lookup that found nothing). */
  subject: string | null;
  onViewIncident(incident: ShownIncident): void;
}

/** The report form over the active tab, once its evidence is captured. */
export function PopupReport({ connection, settings, subject, onViewIncident }: PopupReportProps): JSX.Element {
  const tabDraft = useTabDraft();
  if (tabDraft.state === 'failed') return <ProblemMessage problem={tabDraft.problem} />;
  if (tabDraft.state === 'capturing' || !settings) {
    return (
      <p class="status status-pending" role="status">
        {i18n.t('popup.capturing')}
      </p>
    );
  }
  return (
    <>
      {settings.recordNavigation && tabDraft.draft.tabId !== undefined && <NavigationWay tabId={tabDraft.draft.tabId} />}
      <KnownIncident subject={tabDraft.draft.subject.value} />
      <ReportForm
        // A lookup's subject, or a kept draft taken up again (known once the background answers), starts the form afresh.
        key={`${subject ?? ''}|${tabDraft.draft.keptAt ? tabDraft.draft.id : ''}`}
        draft={tabDraft.draft}
        captureProblems={tabDraft.captureProblems}
        settings={settings}
        connection={connection}
        onViewIncident={onViewIncident}
        {...(subject ? { initialSubject: subject } : {})}
      />
    </>
  );
}
