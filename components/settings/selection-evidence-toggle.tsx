import type { JSX } from 'preact';
import { i18n } from '#i18n';

/** Whether a selection's reports send the page's evidence without asking; the hint says a selection sends the record alone otherwise (issue 44). */
export function SelectionEvidenceToggle({ checked, onChange }: { checked: boolean; onChange(value: boolean): void }): JSX.Element {
  return (
    <>
      <div class="toggle">
        <input type="checkbox" id="settings-selection-evidence" checked={checked} aria-describedby="settings-selection-evidence-hint" onChange={(event) => onChange(event.currentTarget.checked)} />
        <label for="settings-selection-evidence">{i18n.t('settings.selection_page_evidence')}</label>
      </div>
      <p id="settings-selection-evidence-hint" class="hint">
        {i18n.t('settings.selection_page_evidence_hint')}
      </p>
    </>
  );
}
