import type { JSX } from 'preact';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onInput(value: string): void;
  type?: 'text' | 'url' | 'password';
  placeholder?: string;
  hint?: string;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | null;
  autoComplete?: string;
  /** Shown but not editable (a value the organisation's policy sets). */
  readOnly?: boolean;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField(props: TextFieldProps): JSX.Element {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        // Preact's input typings split `type` into a union the checker cannot
        // pick from a variable; every member here is a plain text input.
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        spellcheck={false}
        readOnly={props.readOnly}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      {props.hint && (
        <p id={hintId} class="hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} class="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
