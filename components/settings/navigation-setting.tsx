import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { hasNavigationPermission, releaseNavigationPermission, requestNavigationPermission } from '@/utils/navigation/navigation-permission';
import { Locked } from './locked';

interface NavigationSettingProps {
  checked: boolean;
  /** The organisation's policy sets it: the box is locked, the permission can still be allowed. */
  locked: boolean;
  onChange(value: boolean): void;
}

/**
 * "Record how I reached each page" (issue 41): turning it on asks for the
 * `webNavigation` permission in the same click (browsers grant it only during
 * one), and stays off when refused; turning it off gives the permission back.
 * On without the permission (a policy, a backup, the browser's own settings),
 * it says nothing is recorded and offers to allow it.
 */
export function NavigationSetting({ checked, locked, onChange }: NavigationSettingProps): JSX.Element {
  const [held, setHeld] = useState<boolean | null>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => void hasNavigationPermission().then(setHeld, () => setHeld(false)), []);

  async function allow(): Promise<boolean> {
    const granted = await requestNavigationPermission();
    setHeld(granted);
    setRefused(!granted);
    return granted;
  }
  async function toggle(box: HTMLInputElement): Promise<void> {
    if (!box.checked) {
      setRefused(false);
      onChange(false);
      await releaseNavigationPermission();
      return setHeld(await hasNavigationPermission());
    }
    const granted = await allow();
    // Refused: the box the click ticked is unticked again, the setting unchanged.
    box.checked = granted;
    if (granted) onChange(true);
  }

  return (
    <div class="setting-block">
      <Locked when={locked}>
        <div class="toggle">
          <input type="checkbox" id="settings-record-navigation" checked={checked} aria-describedby="settings-record-navigation-hint" onChange={(event) => void toggle(event.currentTarget)} />
          <label for="settings-record-navigation">{i18n.t('settings.record_navigation')}</label>
        </div>
        <p id="settings-record-navigation-hint" class="hint">
          {i18n.t('settings.record_navigation_hint')}
        </p>
      </Locked>
      {refused && !checked && (
        <p class="problem" role="alert">
          {i18n.t('settings.record_navigation_refused')}
        </p>
      )}
      {checked && held === false && (
        <p class="hint warning">
          {i18n.t('settings.record_navigation_missing')}{' '}
          <button type="button" onClick={() => void allow()}>
            {i18n.t('settings.record_navigation_allow')}
          </button>
        </p>
      )}
    </div>
  );
}
