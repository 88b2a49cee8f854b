import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { FoundIndicator, NotRecognised } from '@/utils/indicators/find';
import type { IndicatorCheck } from '@/utils/indicators/types';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import { focusSoon } from '../ui/focus-soon';

interface NotRecognisedListProps {
  items: readonly NotRecognised[];
  disabled: boolean;
  /** Checks what the user wrote, with the settings' phone country. */
  check(text: string): IndicatorCheck;
  /** The user added `from` to the rows, as `found`. */
  onAdd(from: string, found: FoundIndicator): void;
}

/** Why an item is not in the rows, in words: the warning that kept it out, or its problem. */
function reasonOf(check: IndicatorCheck): string {
  return check.ok ? check.indicator.warnings.map(describeIndicatorWarning).join(' ') : describeProblem({ kind: 'invalid_indicator', reason: check.problem });
}

/** The field an item is fixed in before it is added: what it checks as is said as the user confirms. */
function FixField({
  id,
  item,
  check,
  onAdd,
  onCancel,
}: {
  id: string;
  item: NotRecognised;
  check: NotRecognisedListProps['check'];
  onAdd(found: FoundIndicator): void;
  onCancel(): void;
}): JSX.Element {
  const [value, setValue] = useState(item.text);
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const checked = check(value);
    if (checked.ok) onAdd({ text: value.trim(), check: checked });
    else setProblem(reasonOf(checked));
  };
  return (
    <form
      class="not-recognised-fix"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <label for={`${id}-edit`}>{i18n.t('review_unrecognised.edit_label', [item.text])}</label>
      <input
        id={`${id}-edit`}
        type="text"
        value={value}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-reason`}
        onInput={(event) => setValue(event.currentTarget.value)}
      />
      {problem && (
        <p id={`${id}-problem`} class="field-error" role="alert">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="submit">{i18n.t('review_unrecognised.confirm')}</button>
        <button type="button" onClick={onCancel}>
          {i18n.t('review_unrecognised.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * What the text holds that looks like an indicator but is not in the rows
 * (issue 44): each with why, in words, and a way to add it. One that checks
 * (only a warning kept it out) is added as it is; one that does not opens in a
 * field to fix first (a local number given its country code).
 */
export function NotRecognisedList({ items, disabled, check, onAdd }: NotRecognisedListProps): JSX.Element {
  const [fixing, setFixing] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const addItem = (index: number, from: string, found: FoundIndicator) => {
    setFixing(null);
    setAdded(found.text);
    onAdd(from, found);
    // The item leaves the list: the focus goes to the next one, or to the heading.
    focusSoon(index < items.length - 1 ? `unrecognised-${index}-add` : 'unrecognised-heading');
  };
  return (
    <section class="not-recognised" aria-labelledby="unrecognised-heading">
      <h2 id="unrecognised-heading" tabIndex={-1}>
        {i18n.t('review_unrecognised.heading')}
      </h2>
      {items.length > 0 && <p class="hint">{i18n.t('review_unrecognised.intro')}</p>}
      {items.length > 0 && (
        <ul class="not-recognised-items">
          {items.map((item, index) => {
            const id = `unrecognised-${index}`;
            return (
              <li key={item.text} class="not-recognised-item" data-value={item.text}>
                <div class="review-row-main">
                  <code class="review-value">{item.text}</code>
                  {fixing !== item.text && (
                    <button
                      type="button"
                      id={`${id}-add`}
                      disabled={disabled}
                      aria-label={i18n.t(item.check.ok ? 'review_unrecognised.add_label' : 'review_unrecognised.fix_label', [item.text])}
                      aria-describedby={`${id}-reason`}
                      onClick={() => (item.check.ok ? addItem(index, item.text, { text: item.text, check: item.check }) : (setFixing(item.text), focusSoon(`${id}-edit`)))}
                    >
                      {i18n.t(item.check.ok ? 'review_unrecognised.add' : 'review_unrecognised.fix')}
                    </button>
                  )}
                </div>
                <p id={`${id}-reason`} class="hint warning">
                  {reasonOf(item.check)}
                </p>
                {fixing === item.text && <FixField id={id} item={item} check={check} onAdd={(found) => addItem(index, item.text, found)} onCancel={() => (setFixing(null), focusSoon(`${id}-add`))} />}
              </li>
            );
          })}
        </ul>
      )}
      <p class="visually-hidden" role="status" aria-live="polite">
        {added ? i18n.t('review_unrecognised.added', [added]) : ''}
      </p>
    </section>
  );
}
