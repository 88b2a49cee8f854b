import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { hasHostPermission, requestHostPermission } from '@/utils/connection/host-permission';
import { GMAIL_ORIGINS, isGmailUrl } from '@/utils/webmail/gmail-reading';

/** The active tab when it shows Gmail, with whether its origin is already granted; null elsewhere. */
function useWebmailTab(): { tabId: number; granted: boolean } | null {
  const [tab, setTab] = useState<{ tabId: number; granted: boolean } | null>(null);
  useEffect(() => {
    void browser.tabs.query({ active: true, currentWindow: true }).then(async ([active]) => {
      if (active?.id === undefined || !isGmailUrl(active.url)) return;
      setTab({ tabId: active.id, granted: await hasHostPermission(GMAIL_ORIGINS) });
    });
  }, []);
  return tab;
}

/**
 * "Report this email", the popup's first action on a Gmail tab: asks for
 * mail.google.com the first time (in the click, as browsers require), then
 * opens the review window, which reads the open email from the tab.
 */
export function WebmailAction({ onOpen }: { onOpen(tabId: number): void }): JSX.Element | null {
  const tab = useWebmailTab();
  const [refused, setRefused] = useState(false);
  if (!tab) return null;
  const open = () => {
    if (tab.granted) return onOpen(tab.tabId);
    void requestHostPermission(GMAIL_ORIGINS).then((granted) => (granted ? onOpen(tab.tabId) : setRefused(true)));
  };
  return (
    <div class="webmail-action">
      <button type="button" class="primary" onClick={open} aria-describedby="webmail-why">
        {i18n.t('webmail.report')}
      </button>
      <p id="webmail-why" class="hint">
        {i18n.t(tab.granted ? 'webmail.why_granted' : 'webmail.why_ask')}
      </p>
      {refused && (
        <p class="problem" role="alert">
          {i18n.t('webmail.failure.no_access')}
        </p>
      )}
    </div>
  );
}
