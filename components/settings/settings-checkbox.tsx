import type { JSX } from 'preact';

/** A labelled checkbox of the settings form. */
export function SettingsCheckbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(value: boolean): void }): JSX.Element {
  return (
    <div class="toggle">
      <input type="checkbox" id={id} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <label for={id}>{label}</label>
    </div>
  );
}
