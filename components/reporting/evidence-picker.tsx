import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import type { FileRole, StoredFile } from '@/utils/storage/report-types';
import { formatFileSize } from '../shared/labels';

interface EvidencePickerProps {
  /** Everything captured and added; the toggles choose what goes. */
  files: readonly StoredFile[];
  included: ReadonlySet<FileRole>;
  onToggle(role: FileRole, on: boolean): void;
  /** Absent: no field for the user's own files (the review window opens dropped files as emails or lists). */
  onAddFiles?(files: File[]): void;
  onRemoveExtra?(index: number): void;
  /** Refusals of the last files added, tied to the file field. */
  refused?: readonly { name: string; problem: Problem }[];
  captureProblems: readonly Problem[];
  /** A line under the legend saying why the toggles start as they do. */
  hint?: string;
  /** Every toggle locked (the review window once reporting started). */
  disabled?: boolean;
}

const TOGGLED = ['screenshot', 'page_source', 'page_details'] as const;

/** Evidence toggles with a screenshot preview, and (when the page takes them) the user's own files. */
export function EvidencePicker(props: EvidencePickerProps): JSX.Element {
  const screenshot = props.files.find((file) => file.role === 'screenshot');
  const previewUrl = useMemo(() => (screenshot ? URL.createObjectURL(screenshot.blob) : null), [screenshot]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  return (
    <fieldset class="evidence" disabled={props.disabled}>
      <legend>{i18n.t('report.evidence.legend')}</legend>
      {props.hint && <p class="hint">{props.hint}</p>}
      {TOGGLED.map((role) => {
        const file = props.files.find((candidate) => candidate.role === role);
        if (!file) return null;
        const id = `evidence-${role}`;
        return (
          <div class="toggle" key={role}>
            <input type="checkbox" id={id} checked={props.included.has(role)} onChange={(event) => props.onToggle(role, event.currentTarget.checked)} />
            <label for={id}>
              {i18n.t(`report.evidence.${role}`)} <span class="hint">({formatFileSize(file.blob.size)})</span>
            </label>
          </div>
        );
      })}
      {previewUrl && props.included.has('screenshot') && <img class="screenshot-preview" src={previewUrl} alt={i18n.t('report.evidence.preview_alt')} />}
      {props.captureProblems.map((problem, index) => (
        <p class="hint warning" key={index}>
          {describeProblem(problem)}
        </p>
      ))}
      {props.onAddFiles && <OwnFiles {...props} onAddFiles={props.onAddFiles} />}
    </fieldset>
  );
}

/** The user's own files: picked or dropped, checked as they are added, each removable. */
function OwnFiles(props: EvidencePickerProps & Pick<Required<EvidencePickerProps>, 'onAddFiles'>): JSX.Element {
  const [dragging, setDragging] = useState(false);
  const extras = props.files.filter((file) => file.role === 'extra');
  const refused = props.refused ?? [];
  return (
    <>
      <div
        class={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          props.onAddFiles([...(event.dataTransfer?.files ?? [])]);
        }}
      >
        <label for="evidence-files">{i18n.t('report.evidence.add')}</label>
        <input
          id="evidence-files"
          type="file"
          multiple
          aria-describedby={refused.length > 0 ? 'evidence-files-error' : 'evidence-files-hint'}
          aria-invalid={refused.length > 0 ? true : undefined}
          onChange={(event) => {
            props.onAddFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
        <p id="evidence-files-hint" class="hint">
          {i18n.t('report.evidence.limits')}
        </p>
      </div>
      {refused.length > 0 && (
        <div id="evidence-files-error" role="alert">
          {refused.map((refusal) => (
            <p class="field-error" key={refusal.name}>
              {describeProblem(refusal.problem)}
            </p>
          ))}
        </div>
      )}
      {extras.length > 0 && (
        <ul class="file-list">
          {extras.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name} <span class="hint">({formatFileSize(file.blob.size)})</span>{' '}
              <button type="button" class="link-button" aria-label={i18n.t('report.evidence.remove', [file.name])} onClick={() => props.onRemoveExtra?.(index)}>
                {i18n.t('report.evidence.remove_short')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
