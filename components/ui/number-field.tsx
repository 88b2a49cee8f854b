import type { JSX } from 'preact';

interface NumberFieldProps {
  id: string;
  label: string;
  /** As typed, so a half-typed number is not lost. */
  value: string;
  onInput(value: string): void;
  range: { min: number; max: number };
  hint: string;
  /** Shown under the field and announced; marks the field invalid. */
  error: string | null;
}

/** A whole number typed as text: the value as typed, or null when it is not a whole number in range. */
export function wholeNumberIn(value: string, range: { min: number; max: number }): number | null {
  const number = Number(value);
  return value.trim() !== '' && Number.isInteger(number) && number >= range.min && number <= range.max ? number : null;
}

/** A labelled whole-number input whose hint and error are tied to it. */
export function NumberField(props: NumberFieldProps): JSX.Element {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="numeric"
        min={props.range.min}
        max={props.range.max}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      <p id={hintId} class="hint">
        {props.hint}
      </p>
      {props.error && (
        <p id={errorId} class="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
