import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';

interface KeepDraftProps {
  /** The draft was kept before (reopened): it can be discarded instead. */
  kept: boolean;
  /** Not yet: the draft has no id, or is being sent. */
  unavailable: boolean;
  /** Keeps the draft as the form shows it; false when it could not be (sent or removed meanwhile). */
  onKeep(): Promise<boolean>;
  /** Deletes the kept draft and its evidence; false when it could not be (the background did not answer). */
  onDiscard(): Promise<boolean>;
}

/**
 * "Keep as draft": an unsent popup draft is deleted when the popup closes,
 * unless the user keeps it here; a kept one is taken up again the next time
 * the popup opens on the page (issue 19).
 */
export function KeepDraft({ kept: keptBefore, unavailable, onKeep, onDiscard }: KeepDraftProps): JSX.Element {
  const [state, setState] = useState<'open' | 'kept' | 'failed' | 'not_discarded'>(keptBefore ? 'kept' : 'open');
  // A refusal or an error says so here: nothing fails silently.
  const keep = () =>
    void onKeep().then(
      (done) => setState(done ? 'kept' : 'failed'),
      () => setState('failed'),
    );
  const discard = () =>
    void onDiscard().then(
      (done) => done || setState('not_discarded'),
      () => setState('not_discarded'),
    );
  return (
    <div class="keep-draft">
      {state === 'kept' || state === 'not_discarded' ? (
        <button type="button" class="link-button" disabled={unavailable} onClick={discard}>
          {i18n.t('report.form.discard_draft')}
        </button>
      ) : (
        <button type="button" class="link-button" disabled={unavailable} onClick={keep}>
          {i18n.t('report.form.keep_draft')}
        </button>
      )}
      <p class="hint" role="status">
        {state === 'kept' ? i18n.t('report.form.draft_kept') : state === 'failed' ? i18n.t('report.form.draft_not_kept') : state === 'not_discarded' ? i18n.t('report.form.draft_not_discarded') : ''}
      </p>
    </div>
  );
}
