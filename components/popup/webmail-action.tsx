import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { hasHostPermission, requestHostPermission } from '@/utils/connection/host-permission';
import { webmailOf, type WebmailSite } from '@/utils/webmail/webmail-hosts';

/** The active tab when it shows Gmail or Outlook on the web, with whether its origin is already granted; null elsewhere. */
function useWebmailTab(): { tabId: number; site: WebmailSite; granted: boolean } | null {
  const [tab, setTab] = useState<{ tabId: number; site: WebmailSite; granted: boolean } | null>(null);
  useEffect(() => {
    void browser.tabs.query({ active: true, currentWindow: true }).then(async ([active]) => {
      const site = webmailOf(active?.url);
      if (active?.id === undefined || !site) return;
      setTab({ tabId: active.id, site, granted: await hasHostPermission(site.origins) });
    });
  }, []);
  return tab;
}

/** Why the first click asks for the site, naming it: Gmail's sentence, or Outlook's with its host. */
function whyAsk(site: WebmailSite): string {
  return site.provider === 'outlook' ? i18n.t('webmail.why_ask_outlook', [site.host]) : i18n.t('webmail.why_ask');
}

/**
 * "Report this email", the popup's first action on a webmail tab: asks for
 * the webmail's site the first time (in the click, as browsers require), then
 * opens the review window, which reads the open email from the tab.
 */
export function WebmailAction({ onOpen }: { onOpen(tabId: number): void }): JSX.Element | null {
  const tab = useWebmailTab();
  const [refused, setRefused] = useState(false);
  if (!tab) return null;
  const open = () => {
    if (tab.granted) return onOpen(tab.tabId);
    void requestHostPermission(tab.site.origins).then((granted) => (granted ? onOpen(tab.tabId) : setRefused(true)));
  };
  return (
    <div class="webmail-action">
      <button type="button" class="primary" onClick={open} aria-describedby="webmail-why">
        {i18n.t('webmail.report')}
      </button>
      <p id="webmail-why" class="hint">
        {tab.granted ? i18n.t('webmail.why_granted') : whyAsk(tab.site)}
      </p>
      {refused && (
        <p class="problem" role="alert">
          {i18n.t(tab.site.provider === 'outlook' ? 'webmail.outlook_failure.no_access' : 'webmail.failure.no_access')}
        </p>
      )}
    </div>
  );
}
