import type { JSX } from 'preact';
import { i18n } from '#i18n';

/** Whether a report's screenshot is the visible screen alone or is followed by the whole page (issue 41); the hint says what the whole page costs. */
export function ScreenshotAreaChoice({ wholePage, disabled, onChange }: { wholePage: boolean; disabled: boolean; onChange(wholePage: boolean): void }): JSX.Element {
  return (
    <fieldset class="choice" aria-describedby="settings-screenshot-area-hint" disabled={disabled}>
      <legend>{i18n.t('settings.screenshot_area')}</legend>
      {([false, true] as const).map((value) => (
        <label key={String(value)}>
          <input type="radio" name="settings-screenshot-area" id={value ? 'settings-whole-page' : 'settings-visible-screen'} checked={wholePage === value} onChange={() => onChange(value)} />{' '}
          {i18n.t(value ? 'settings.screenshot_whole_page' : 'settings.screenshot_visible')}
        </label>
      ))}
      <p id="settings-screenshot-area-hint" class="hint">
        {i18n.t('settings.screenshot_area_hint')}
      </p>
    </fieldset>
  );
}
