import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { isSelectionSource, selectionEvidence, selectionIncluded } from '@/utils/drafts/selection-page-parts';
import type { Settings } from '@/utils/settings/settings';
import type { FileRole, OutboxReport } from '@/utils/storage/report-types';
import { EvidencePicker } from '../reporting/evidence-picker';

/** Before the settings are read: the record alone. */
const RECORD_ONLY: ReadonlySet<FileRole> = new Set<FileRole>(['record', 'extra']);

/** The page evidence of a selection's review: which parts the user ticked (the record alone until they do), null for any other review. */
export function useSelectionEvidence(source: OutboxReport | null | undefined, settings: Settings | null) {
  // What the user ticked or unticked; until then, what the settings start a selection with.
  const [ticked, setTicked] = useState<ReadonlySet<FileRole> | null>(null);
  if (!isSelectionSource(source) || !source) return null;
  const chosen: ReadonlySet<FileRole> = ticked ?? (settings ? selectionIncluded(settings) : RECORD_ONLY);
  return {
    source,
    included: chosen,
    /** Ticks or unticks a part of the page. */
    toggle: (role: FileRole, on: boolean) => setTicked(new Set(on ? [...chosen, role] : [...chosen].filter((kept) => kept !== role))),
    /** What a report of the selection goes with now. */
    evidence: () => selectionEvidence(source, chosen),
  };
}

type SelectionEvidenceState = NonNullable<ReturnType<typeof useSelectionEvidence>>;

/** The popup's evidence toggles for a selection, off until ticked, with why (the page may be internal). */
export function SelectionEvidence({ state, disabled }: { state: SelectionEvidenceState; disabled: boolean }): JSX.Element {
  return (
    <EvidencePicker
      files={state.source.files}
      included={state.included}
      onToggle={state.toggle}
      captureProblems={state.source.evidence?.notCaptured ?? []}
      hint={i18n.t('review.selection_evidence')}
      disabled={disabled}
    />
  );
}
