import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { exportBackup } from '@/utils/backup/backup-export';
import { downloadText } from '../ui/download';
import { BackupPreview } from './backup-preview';
import { describeBackupProblem } from './backup-problem-text';
import { useBackupImport, type ImportState } from './use-backup-import';

const OUTCOME_ID = 'backup-import-outcome';

/** The summary lines of an import: what was applied, or why nothing was. */
function outcomeLines(state: ImportState): string[] {
  switch (state.step) {
    case 'idle':
    case 'preview':
      return [];
    case 'working':
      return [i18n.t('backup.reading')];
    case 'imported': {
      const { settings, added, alreadyHere } = state.result;
      return [
        settings ? i18n.t('backup.settings_applied') : i18n.t('backup.settings_kept'),
        i18n.t('backup.added', added, [String(added)]),
        ...(alreadyHere > 0 ? [i18n.t('backup.already_here', alreadyHere, [String(alreadyHere)])] : []),
      ];
    }
    case 'stopped':
      if (state.reason === 'cancelled') return [i18n.t('backup.cancelled')];
      if (state.reason === 'write_failed') return [i18n.t('backup.write_failed')];
      return [i18n.t('backup.nothing_imported')];
  }
}

/** What an import came to, and each problem of the file as its own sentence; describes the file input. */
function ImportOutcome({ state }: { state: ImportState }): JSX.Element {
  const problems = state.step === 'imported' || state.step === 'stopped' ? state.problems : [];
  const failed = state.step === 'stopped' && state.reason !== 'cancelled';
  return (
    <div id={OUTCOME_ID} class="backup-outcome" role="status" data-step={state.step}>
      {outcomeLines(state).map((line) => (
        <p key={line} class={failed ? 'problem' : 'backup-summary'}>
          {line}
        </p>
      ))}
      {problems.length > 0 && (
        <ul class="backup-problems" aria-label={i18n.t('backup.problems_label')}>
          {problems.map((problem, index) => (
            <li key={index}>{describeBackupProblem(problem)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Export of the settings and report history to a JSON file, and import of such a file; never the key. */
export function BackupSection(): JSX.Element {
  const [exported, setExported] = useState<string | null>(null);
  const { state, importFile, apply, cancel } = useBackupImport();
  const input = useRef<HTMLInputElement>(null);
  // Back from the reload of an import that replaced the settings: where the user was, its outcome read out.
  useEffect(() => {
    if (state.step !== 'idle') input.current?.focus();
  }, []);

  // Either answer removes the preview and its buttons: the focus goes back
  // where the user started the import, not to the page's start.
  function cancelImport(): void {
    cancel();
    input.current?.focus();
  }

  function applyImport(): void {
    input.current?.focus();
    void apply();
  }

  async function exportNow(): Promise<void> {
    const { fileName, text, reportCount } = await exportBackup();
    downloadText(fileName, text, 'application/json');
    setExported(i18n.t('backup.exported', reportCount, [fileName, String(reportCount)]));
  }

  function picked(input: HTMLInputElement): void {
    const file = input.files?.[0];
    // Cleared, so choosing the same file again imports it again.
    input.value = '';
    // Not disabled while working: a disabled input would drop the keyboard focus.
    if (file && state.step !== 'working') void importFile(file);
  }

  return (
    <div class="backup">
      <p>{i18n.t('backup.intro')}</p>
      <p class="hint">{i18n.t('backup.evidence_note')}</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => void exportNow()}>
          {i18n.t('backup.export')}
        </button>
      </div>
      <p class="backup-summary" role="status">
        {exported}
      </p>
      <div class="field backup-import">
        <label for="backup-file">{i18n.t('backup.import_label')}</label>
        <input ref={input} type="file" id="backup-file" accept=".json,application/json" aria-describedby={`backup-import-hint ${OUTCOME_ID}`} onChange={(event) => picked(event.currentTarget)} />
        <p id="backup-import-hint" class="hint">
          {i18n.t('backup.import_hint')}
        </p>
      </div>
      {state.step === 'preview' && <BackupPreview plan={state.plan} onApply={applyImport} onCancel={cancelImport} />}
      <ImportOutcome state={state} />
    </div>
  );
}
