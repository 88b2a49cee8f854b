import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { useSettings } from '../shared/use-settings';
import { focusSoon } from '../ui/focus-soon';
import { lazyComponent } from '../ui/lazy';
import { PopupReport } from './popup-report';
import type { ShownIncident } from './report-form-outcome';

/** The lookup loads when its tab is first chosen, not with the popup. */
const IncidentLookupForm = lazyComponent(() => import('../incident/incident-lookup').then((module) => module.IncidentLookupForm));

const TABS = ['report', 'lookup'] as const;
type PopupTab = (typeof TABS)[number];

const tabId = (tab: PopupTab) => `popup-tab-${tab}`;
const panelId = (tab: PopupTab) => `popup-panel-${tab}`;

/** The tab the arrow keys, Home and End lead to from `selected` (wrapping round); undefined for any other key. */
export function tabAfterKey(selected: PopupTab, key: string): PopupTab | undefined {
  const index = TABS.indexOf(selected);
  const next = ({ ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 } as Record<string, number>)[key];
  return next === undefined ? undefined : TABS[(next + TABS.length) % TABS.length];
}

/** The tab buttons; the arrow keys, Home and End move between them (the WAI-ARIA tabs pattern, activated on focus). */
function TabList({ selected, onSelect }: { selected: PopupTab; onSelect(tab: PopupTab, focusId?: string): void }): JSX.Element {
  function onKeyDown(event: KeyboardEvent): void {
    const tab = tabAfterKey(selected, event.key);
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab, tabId(tab));
  }
  return (
    <div class="popup-tabs" role="tablist">
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={selected === tab}
          aria-controls={panelId(tab)}
          tabIndex={selected === tab ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={onKeyDown}
        >
          {i18n.t(`popup.tab.${tab}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The popup's two jobs, each in a tab of its own (issue 21): reporting the
 * page, and looking an incident up, which so never pushes the report form
 * down. The report tab shows first; the form keeps what was typed in it while
 * the lookup is open, and the other way round.
 */
export function PopupTabs({ connection }: { connection: SavedConnection }): JSX.Element {
  const settings = useSettings();
  const [selected, setSelected] = useState<PopupTab>('report');
  const [lookupOpened, setLookupOpened] = useState(false);
  // "Report it" from a lookup that found nothing: the report form takes that subject.
  const [subject, setSubject] = useState<string | null>(null);
  // "View incident here" after a report: the lookup tab shows that incident.
  const [shown, setShown] = useState<ShownIncident | null>(null);

  /** Shows `tab`, the focus moved to `focusId` (the control that was pressed may be hidden with its panel). */
  function select(tab: PopupTab, focusId?: string): void {
    setSelected(tab);
    if (tab === 'lookup') setLookupOpened(true);
    if (focusId) focusSoon(focusId);
  }

  return (
    <>
      <TabList selected={selected} onSelect={select} />
      <div role="tabpanel" id={panelId('report')} aria-labelledby={tabId('report')} hidden={selected !== 'report'}>
        <PopupReport
          connection={connection}
          settings={settings}
          subject={subject}
          onViewIncident={(incident) => {
            setShown(incident);
            select('lookup', tabId('lookup'));
          }}
        />
      </div>
      <div role="tabpanel" id={panelId('lookup')} aria-labelledby={tabId('lookup')} hidden={selected !== 'lookup'}>
        {lookupOpened && settings && (
          <IncidentLookupForm
            phoneCountry={settings.phoneCountry}
            shown={shown}
            onReport={(reported) => {
              setSubject(reported);
              select('report', 'report-subject');
            }}
          />
        )}
      </div>
    </>
  );
}
