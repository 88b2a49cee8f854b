import { describe, expect, it } from 'vitest';
import { changesBetween } from '@/components/webhooks/edit-webhook';
import { deliveryLabel, describeWebhookProblem, eventMeaning } from '@/components/webhooks/webhook-text';
import type { WebhookFormValues } from '@/components/webhooks/webhook-fields';
import type { WebhookProblem } from '@/utils/webhooks/webhook-service';

describe('webhook wording', () => {
  it.each([
    ['incident.created', 'a new incident is created'],
    ['incident.status_changed', 'the incident status changes'],
    ['incident.history_created', 'a client-visible comment or update is added'],
    ['incident.takedown_updated', 'a takedown is initiated or re-initiated'],
    ['incident.action_required', 'client action is requested, such as more evidence'],
    ['webhook.test', 'a test delivery, sent with “Send test event”'],
    ['incident.deleted', 'not known to this extension; kept as the service sent it'],
  ])('%s means %j', (event, meaning) => {
    expect(eventMeaning(event)).toBe(meaning);
  });

  it.each([
    ['failed', /^Failed: the last event was refused or timed out 5 times \(retried after 30 s, 2 min, 10 min and 1 h\) and was given up\. The subscription stays active/],
    ['success', /^success \(as the service reports it\)$/],
    [null, /^No delivery reported yet\.$/],
    [undefined, /^No delivery reported yet\.$/],
  ])('lastDeliveryStatus %j reads %s', (status, text) => {
    expect(deliveryLabel(status)).toMatch(text);
  });

  it.each<[WebhookProblem, string]>([
    [{ kind: 'webhook_limit', limit: 5, count: 5 }, 'This client already has 5 webhook subscriptions, the most the service allows (5). Delete one before creating another.'],
    [{ kind: 'webhook_input', reason: 'url_not_https' }, 'The delivery URL must start with https:// (plain http is accepted only for 127.0.0.1 or localhost).'],
    [{ kind: 'webhook_input', reason: 'events_empty' }, 'Choose at least one event to send.'],
    [
      { kind: 'duplicate', status: 409, target: 'webhook', serverMessage: 'A client can have at most 5 webhook subscriptions; delete one first.' },
      'The service refused to create the subscription because of a conflict (HTTP 409): a subscription for this URL may exist already, or the client has the most the service allows (5). The service said: “A client can have at most 5 webhook subscriptions; delete one first.”',
    ],
    [{ kind: 'not_found', status: 404, target: 'webhook' }, 'This subscription no longer exists at the service (deleted elsewhere?). Refresh the subscriptions to see the list as it is now.'],
    [
      { kind: 'unexpected_response', target: 'secret' },
      "The service's answer to the rotation could not be read, so the new secret is unknown and the previous one may already be invalid. Rotate again to get a secret you can store.",
    ],
    [{ kind: 'unauthorized', status: 401, clientScoped: true }, 'This API key is not authorised for that client. Choose another client, or check the key in the settings.'],
    [{ kind: 'background_unreachable' }, "The extension's background did not answer. Close this page and open it again; if that does not help, reload the extension."],
  ])('%j is said as %j', (problem, sentence) => {
    expect(describeWebhookProblem(problem)).toBe(sentence);
  });
});

describe('an edit sends only what changed', () => {
  const before: WebhookFormValues = { url: 'https://hooks.example/a', events: ['incident.created', 'webhook.test'], description: 'SOC', active: true, clientId: 'cl_acme' };
  it.each<[string, Partial<WebhookFormValues>, Record<string, unknown>]>([
    ['nothing', {}, {}],
    ['the same events in another order', { events: ['webhook.test', 'incident.created'] }, {}],
    ['spaces around the URL and description', { url: ' https://hooks.example/a ', description: 'SOC ' }, {}],
    ['the active flag', { active: false }, { active: false }],
    ['one event fewer', { events: ['incident.created'] }, { events: ['incident.created'] }],
    [
      'everything',
      { url: 'https://hooks.example/b', events: ['incident.created'], description: '', active: false },
      { url: 'https://hooks.example/b', events: ['incident.created'], description: '', active: false },
    ],
  ])('%s', (_name, change, changes) => {
    expect(changesBetween(before, { ...before, ...change })).toEqual(changes);
  });
});
