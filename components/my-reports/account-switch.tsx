import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Problem } from '@/utils/problems/kinds';
import { saveSettings, type Settings } from '@/utils/settings/settings';
import { requestRefresh } from './refresh-line';
import { ProblemMessage } from '../ui/problem-message';

/** "Include all of the account's incidents": saved at once; turning it on fetches them with a refresh. */
export function AccountSwitch({ settings }: { settings: Settings }): JSX.Element {
  const [problem, setProblem] = useState<Problem | null>(null);

  async function change(includeAccountIncidents: boolean): Promise<void> {
    setProblem(null);
    await saveSettings({ ...settings, includeAccountIncidents });
    if (includeAccountIncidents) setProblem(await requestRefresh());
  }

  return (
    <div class="account-switch">
      <div class="toggle">
        <input
          id="reports-account"
          type="checkbox"
          role="switch"
          checked={settings.includeAccountIncidents}
          aria-describedby="reports-account-hint"
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <label for="reports-account">{i18n.t('my_reports.include_account')}</label>
      </div>
      <p id="reports-account-hint" class="hint">
        {i18n.t('my_reports.include_account_hint')}
      </p>
      {problem && <ProblemMessage problem={problem} />}
    </div>
  );
}
