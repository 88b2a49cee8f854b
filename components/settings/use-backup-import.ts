import { useState } from 'preact/hooks';
import { UNUSABLE_FILE, type BackupProblem } from '@/utils/backup/backup';
import { readOwnSettings } from '@/utils/backup/backup-export';
import { importBackup, prepareImport, type ImportResult } from '@/utils/backup/backup-import';
import { changesNothing, type ImportPlan } from '@/utils/backup/backup-plan';
import { loadCode } from '../ui/load-code';

/** Where an import is: reading and writing, or what it came to, with the file's problems. */
export type ImportState =
  | { step: 'idle' }
  | { step: 'working' }
  /** Read and planned: the page shows what would change; nothing is written until Apply. */
  | { step: 'preview'; plan: ImportPlan }
  | { step: 'imported'; result: ImportResult; problems: BackupProblem[] }
  /** The file is not a backup to use, the user declined, or writing failed: nothing (more) was applied. */
  | { step: 'stopped'; reason: 'unusable' | 'cancelled' | 'write_failed'; problems: BackupProblem[] };

/** Where the outcome of an import waits while the page reloads. */
const CARRIED_OUTCOME = 'takedown-reporter.backup-outcome';

/** The outcome of an import that reloaded the page, once; idle otherwise. */
function carriedOutcome(): ImportState {
  const carried = sessionStorage.getItem(CARRIED_OUTCOME);
  sessionStorage.removeItem(CARRIED_OUTCOME);
  try {
    return carried ? (JSON.parse(carried) as ImportState) : { step: 'idle' };
  } catch {
    return { step: 'idle' };
  }
}

/**
 * Shows an import's outcome. One that replaced the settings reloads the page
 * first: the settings form keeps its own draft of what it was opened with,
 * and would show (and save back) the old values.
 */
function settle(state: ImportState, setState: (state: ImportState) => void): void {
  if (state.step !== 'imported' || !state.result.settings) return setState(state);
  sessionStorage.setItem(CARRIED_OUTCOME, JSON.stringify(state));
  location.reload();
}

async function fileText(file: File): Promise<string | null> {
  try {
    return await file.text();
  } catch {
    return null;
  }
}

/** What the import section can do: pick a file, then apply or cancel its preview. */
export interface BackupImport {
  state: ImportState;
  importFile(file: File): Promise<void>;
  apply(): Promise<void>;
  cancel(): void;
}

/**
 * Imports a picked backup file: reads it (the reader is loaded only now) and
 * shows what it would change; `apply` writes that, `cancel` writes nothing.
 */
export function useBackupImport(): BackupImport {
  const [state, setState] = useState<ImportState>(carriedOutcome);

  async function importFile(file: File): Promise<void> {
    setState({ step: 'working' });
    const [reader, text, currentSettings] = await Promise.all([loadCode(() => import('@/utils/backup/backup-read')), fileText(file), readOwnSettings()]);
    // The reader's file is gone after an extension update: say so, with nothing imported.
    if (!reader.ok) return setState({ step: 'stopped', reason: 'unusable', problems: [{ kind: 'code_not_loaded' }] });
    const { readBackup } = reader.module;
    if (text === null) return setState({ step: 'stopped', reason: 'unusable', problems: [{ kind: 'file_unreadable' }] });
    const read = readBackup(text, { currentSettings });
    const { problems } = read;
    if (problems.some((problem) => UNUSABLE_FILE.includes(problem.kind))) return setState({ step: 'stopped', reason: 'unusable', problems });
    const plan = await prepareImport(read, currentSettings);
    // Nothing to ask about (the same file again): say so at once.
    if (changesNothing(plan)) return write(plan);
    setState({ step: 'preview', plan });
  }

  async function apply(): Promise<void> {
    if (state.step === 'preview') await write(state.plan);
  }

  async function write(plan: ImportPlan): Promise<void> {
    setState({ step: 'working' });
    try {
      settle({ step: 'imported', result: await importBackup({ settings: plan.settings, reports: plan.reports }), problems: plan.problems }, setState);
    } catch {
      // IndexedDB or storage refused the write (quota, a closed profile): say so; what was written stays.
      setState({ step: 'stopped', reason: 'write_failed', problems: plan.problems });
    }
  }

  function cancel(): void {
    if (state.step === 'preview') setState({ step: 'stopped', reason: 'cancelled', problems: [] });
  }

  return { state, importFile, apply, cancel };
}
