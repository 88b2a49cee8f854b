import type { ComponentChildren, JSX } from 'preact';
import { i18n } from '#i18n';

/** Wraps controls the organisation's policy sets: shown with its value, disabled, and saying why. */
export function Locked({ when, children }: { when: boolean; children: ComponentChildren }): JSX.Element {
  if (!when) return <>{children}</>;
  return (
    <fieldset class="locked" disabled data-locked="true">
      {children}
      <p class="hint">{i18n.t('managed.locked')}</p>
    </fieldset>
  );
}
