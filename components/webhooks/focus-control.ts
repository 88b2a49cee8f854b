import type { WebhookField } from '@/utils/webhooks/webhook-input';
import { controlId } from './webhook-fields';

/** Moves focus to the control a refusal belongs to (the first checkbox of a group), once it is drawn. */
export function focusControl(idPrefix: string, field: WebhookField | null): void {
  if (!field) return;
  requestAnimationFrame(() => {
    const control = document.getElementById(controlId(idPrefix, field));
    const target = control instanceof HTMLFieldSetElement ? control.querySelector('input') : control;
    target?.focus();
  });
}
