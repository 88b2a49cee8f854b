import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { ConnectionStatus } from '@/utils/storage/connection-types';
import { PrivacyPolicy } from './privacy-policy';

interface Shortcut {
  description: string;
  keys: string;
}

/** The shortcuts as `commands.getAll()` lists them: those with a description, their keys ('' when none is set). */
async function readShortcuts(): Promise<Shortcut[]> {
  const commands = await browser.commands.getAll();
  return commands.flatMap(({ description, shortcut }) => (description ? [{ description, keys: shortcut ?? '' }] : []));
}

/**
 * The extension's keyboard shortcuts, as the browser has them now. Read again
 * whenever the page is shown again: a user sets a shortcut on the browser's
 * own page (chrome://extensions/shortcuts) and comes back, and a list read
 * once would still say "Not set" (issue 44, point 11); Chromium has no event
 * for a changed shortcut.
 */
function useShortcuts(): Shortcut[] {
  const [shortcuts, setShortcuts] = useState<Shortcut[]>([]);
  useEffect(() => {
    const read = () => void readShortcuts().then(setShortcuts, () => undefined);
    const readWhenShown = () => document.visibilityState === 'visible' && read();
    read();
    addEventListener('focus', read);
    document.addEventListener('visibilitychange', readWhenShown);
    return () => {
      removeEventListener('focus', read);
      document.removeEventListener('visibilitychange', readWhenShown);
    };
  }, []);
  return shortcuts;
}

/** The service the extension reports to, or a way to connect one. */
function ServiceFact({ status }: { status: ConnectionStatus | null }): JSX.Element {
  if (!status) return <>{i18n.t('connection.checking')}</>;
  if (status.state === 'not_configured')
    return (
      <>
        {i18n.t('about.not_connected')} <a href="#connection">{i18n.t('about.connect')}</a>
      </>
    );
  return <>{i18n.t(status.state === 'connected' ? 'about.service_connected' : 'about.service_failing', [status.origin])}</>;
}

/**
 * About: what the extension is, its version (from the manifest: what a
 * support request asks first), the service it reports to, its keyboard
 * shortcuts, and where what it sends goes, with the privacy policy.
 */
export function AboutView({ status }: { status: ConnectionStatus | null }): JSX.Element {
  const shortcuts = useShortcuts();
  return (
    <>
      <p>{i18n.t('extDescription')}</p>
      <dl class="facts">
        <div class="fact">
          <dt>{i18n.t('about.version')}</dt>
          <dd>{browser.runtime.getManifest().version}</dd>
        </div>
        <div class="fact">
          <dt>{i18n.t('about.service')}</dt>
          <dd>
            <ServiceFact status={status} />
          </dd>
        </div>
        {shortcuts.map(({ description, keys }) => (
          <div class="fact" key={description}>
            <dt>{description}</dt>
            <dd>{keys ? <kbd>{keys}</kbd> : i18n.t('about.shortcut_none')}</dd>
          </div>
        ))}
      </dl>
      {shortcuts.length > 0 && <p class="hint">{i18n.t('about.shortcut_hint')}</p>}
      <p>{i18n.t('about.data_use')}</p>
      <PrivacyPolicy />
    </>
  );
}
