import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { FocusableButton } from '../ui/focusable-button';
import { SecretPanel } from './secret-panel';
import { WebhookFields } from './webhook-fields';
import { CREATE_ID as ID, useCreateWebhook, type Created } from './use-create-webhook';

interface CreateWebhookProps {
  clients: readonly ClientSummary[];
  /** The subscriptions listed, to count the chosen client's; null while unknown. */
  subscriptions: readonly WebhookView[] | null;
  onCreated(): void;
}

/** What was just created: its URL, and its secret this once (or why there is none). */
function CreatedNotice({ created, onDismiss }: { created: Created; onDismiss(): void }): JSX.Element {
  return (
    <div class="webhook-created">
      <p class="status status-ok" role="status">
        {i18n.t('webhooks.done.create', [created.url])}
      </p>
      {created.secret === null ? (
        <p class="problem" role="alert">
          {i18n.t('webhooks.secret.missing')}
        </p>
      ) : (
        <SecretPanel id={`${ID}-secret`} secret={created.secret} message={created.message} rotated={false} onDismiss={onDismiss} />
      )}
    </div>
  );
}

/**
 * The create form: an https URL, the events with their meanings, a
 * description, and the client when the key manages several. A client at the
 * spec's limit is refused here, before anything is sent.
 */
export function CreateWebhook({ clients, subscriptions, onCreated }: CreateWebhookProps): JSX.Element {
  const { values, setValues, error, busy, created, setCreated, choices, clientHint, submit } = useCreateWebhook(clients, subscriptions, onCreated);
  return (
    <section class="webhook-create" aria-labelledby={`${ID}-heading`}>
      <h3 id={`${ID}-heading`}>{i18n.t('webhooks.form.create_heading')}</h3>
      {created && <CreatedNotice created={created} onDismiss={() => setCreated(null)} />}
      <form noValidate aria-busy={busy || undefined} onSubmit={(event) => void submit(event)}>
        <WebhookFields
          idPrefix={ID}
          mode="create"
          values={values}
          error={error}
          clients={choices}
          clientHint={clientHint}
          onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
        />
        {error && error.field === null && (
          <p class="problem" role="alert">
            {error.text}
          </p>
        )}
        <FocusableButton type="submit" class="primary" unavailable={busy}>
          {i18n.t(busy ? 'webhooks.working' : 'webhooks.form.create')}
        </FocusableButton>
      </form>
    </section>
  );
}
