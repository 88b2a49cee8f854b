import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { WebhookProblem } from '@/utils/webhooks/webhook-service';
import { focusSoon } from '../ui/focus-soon';
import { askWebhooks } from './webhook-text';

/** What can be done to a subscription, its edit saved ('update') included. */
export type WebhookAction = 'activate' | 'test' | 'rotate' | 'delete' | 'update';
/** What an action did: its problem, or the service's words beside its success. */
export type WebhookOutcome = { action: WebhookAction; problem: WebhookProblem | null; message: string | null };

interface ActionTarget {
  id: string;
  url: string;
  /** The id of the outcome line, which takes the focus when the button that had it goes. */
  outcomeId: string;
  onChanged(): void;
  onDeleted(url: string): void;
}

/** Whether the user confirms an action that cannot be undone (delete, rotate); others need no asking. */
function confirmed(action: WebhookAction, url: string): boolean {
  if (action === 'delete') return confirm(i18n.t('webhooks.confirm_delete', [url]));
  if (action === 'rotate') return confirm(i18n.t('webhooks.confirm_rotate', [url]));
  return true;
}

/**
 * A subscription's actions and what they leave on screen: the action under
 * way, its outcome, a rotated secret, and whether the edit form is open.
 */
export function useWebhookActions({ id, url, outcomeId, onChanged, onDeleted }: ActionTarget) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<WebhookAction | null>(null);
  const [outcome, setOutcome] = useState<WebhookOutcome | null>(null);
  const [secret, setSecret] = useState<{ value: string; message: string | null } | null>(null);

  async function activate(): Promise<void> {
    const activated = await askWebhooks((webhooks) => webhooks.activate(id));
    setBusy(null);
    if (!activated.ok) return setOutcome({ action: 'activate', problem: activated.problem, message: null });
    setOutcome({ action: 'activate', problem: null, message: activated.message });
    // An open edit form still holds "inactive": saving it would switch the subscription off again.
    setEditing(false);
    // "Activate" goes once the list shows the subscription on: the focus goes to the outcome.
    focusSoon(outcomeId);
    onChanged();
  }

  async function rotate(): Promise<void> {
    const rotated = await askWebhooks((webhooks) => webhooks.rotateSecret(id));
    setBusy(null);
    if (rotated.ok) setSecret({ value: rotated.secret, message: rotated.message });
    else setOutcome({ action: 'rotate', problem: rotated.problem, message: null });
  }

  async function testOrDelete(action: 'test' | 'delete'): Promise<void> {
    const answer = await askWebhooks((webhooks) => (action === 'test' ? webhooks.test(id) : webhooks.remove(id)));
    setBusy(null);
    if (!answer.ok) return setOutcome({ action, problem: answer.problem, message: null });
    if (action === 'delete') return onDeleted(url);
    setOutcome({ action, problem: null, message: answer.message });
  }

  async function run(action: Exclude<WebhookAction, 'update'>): Promise<void> {
    if (!confirmed(action, url)) return;
    setBusy(action);
    setOutcome(null);
    setSecret(null);
    if (action === 'activate') return activate();
    if (action === 'rotate') return rotate();
    return testOrDelete(action);
  }

  return { editing, setEditing, busy, outcome, setOutcome, secret, setSecret, run };
}
