import fc from 'fast-check';
import type { Page } from '@/utils/messaging/protocol';
import type { RoutedPath } from '@/utils/messaging/routes';

// The oracle the router tests check ROUTES against, written from the issue
// ("only the options page may set or clear the key; the review window and
// the popup may report; nothing else may"), not copied from ROUTES.

const ALL: Page[] = ['popup', 'options', 'review', 'incident'];

/** Which pages may make each call. */
export const PAGE_RIGHTS: Record<RoutedPath, Page[]> = {
  'connection.save': ['options'],
  'connection.forget': ['options'],
  'connection.getStatus': ALL,
  'reports.startTabDraft': ['popup', 'review'],
  'reports.submit': ['popup', 'review'],
  'reports.discard': ['popup', 'review', 'options'],
  'reports.followUp': ['popup', 'review', 'incident'],
  'reports.sendAgain': ['popup', 'review', 'options'],
  'reports.check': ['popup', 'review', 'options'],
  'incidents.find': ALL,
  'incidents.extras': ['popup', 'incident'],
  'incidents.act': ['popup', 'incident'],
  'status.refresh': ['options'],
  'account.usage': ['popup', 'options'],
  'account.users': ['options'],
  'account.documents': ['options'],
  'account.signedUrl': ['options'],
  'webhooks.list': ['options'],
  'webhooks.create': ['options'],
  'webhooks.update': ['options'],
  'webhooks.activate': ['options'],
  'webhooks.remove': ['options'],
  'webhooks.test': ['options'],
  'webhooks.rotateSecret': ['options'],
};

/** One well-formed call of each method, as its page sends it. */
export const SAMPLE_ARGS: Record<RoutedPath, unknown[]> = {
  'connection.save': [{ baseUrl: 'https://api.example.com', apiKey: 'sk_live_typed_in_options_1234' }],
  'connection.forget': [],
  'connection.getStatus': [{ live: true, maxAgeMs: 600_000 }],
  'reports.startTabDraft': [12, 'popup'],
  'reports.submit': ['rep_1'],
  'reports.discard': ['rep_1'],
  'reports.followUp': ['inc_1', 'rep_1', { kind: 'comment', comment: 'Still online.' }],
  'reports.sendAgain': ['rep_1'],
  'reports.check': ['rep_1'],
  'incidents.find': [{ subject: 'https://phish.example/login' }],
  'incidents.extras': ['inc_1'],
  'incidents.act': ['inc_1', { kind: 'takedown' }],
  'status.refresh': [],
  'account.usage': [{ maxAgeMs: 60_000 }],
  'account.users': [],
  'account.documents': [{ page: 2, limit: 50, sortBy: 'createdAt', sortDir: 'desc', q: 'passport' }],
  'account.signedUrl': ['doc_1'],
  'webhooks.list': [],
  'webhooks.create': [{ url: 'https://hooks.example/takedowns', events: ['incident.status_changed'], description: 'SOC' }],
  'webhooks.update': ['wh_1', { active: false }],
  'webhooks.activate': ['wh_1'],
  'webhooks.remove': ['wh_1'],
  'webhooks.test': ['wh_1'],
  'webhooks.rotateSecret': ['wh_1'],
};

const id = fc.string({ minLength: 1, maxLength: 40 });
const text = fc.string({ maxLength: 60 });
const age = fc.integer({ min: 0, max: 86_400_000 });
const followUp = fc.oneof(fc.record({ kind: fc.constant('comment'), comment: fc.string({ minLength: 1, maxLength: 60 }) }), fc.constantFrom({ kind: 'attach' }, { kind: 'takedown' }));
const action = fc.oneof(
  fc.record({ kind: fc.constant('comment'), comment: fc.string({ minLength: 1, maxLength: 60 }) }),
  fc.constantFrom(...['approve', 'takedown', 'monitor', 'safe'].map((kind) => ({ kind }))),
);
const webhookDraft = fc.record({ url: fc.webUrl(), events: fc.array(text, { maxLength: 5 }), description: text, clientId: id }, { requiredKeys: ['url', 'events'] });

/** Well-formed arguments of each method, in all their variety. */
export const VALID_ARGS: Record<RoutedPath, fc.Arbitrary<unknown[]>> = {
  'connection.save': fc.tuple(fc.record({ baseUrl: fc.webUrl(), apiKey: text }, { requiredKeys: ['baseUrl'] })),
  'connection.forget': fc.constant([]),
  'connection.getStatus': fc.tuple(fc.record({ live: fc.boolean(), maxAgeMs: age }, { requiredKeys: ['live'] })),
  'reports.startTabDraft': fc.oneof(fc.tuple(fc.nat()), fc.tuple(fc.nat(), fc.constantFrom('popup', 'review'))),
  'reports.submit': fc.tuple(id),
  'reports.discard': fc.tuple(id),
  'reports.followUp': fc.tuple(id, fc.oneof(id, fc.constant('')), followUp),
  'reports.sendAgain': fc.tuple(id),
  'reports.check': fc.tuple(id),
  'incidents.find': fc.tuple(fc.oneof(fc.record({ subject: text }), fc.record({ id }))),
  'incidents.extras': fc.tuple(id),
  'incidents.act': fc.tuple(id, action),
  'status.refresh': fc.constant([]),
  'account.usage': fc.oneof(fc.constant<unknown[]>([]), fc.tuple(fc.record({ maxAgeMs: age }, { requiredKeys: [] }))),
  'account.users': fc.constant([]),
  'account.documents': fc.tuple(
    fc.record({ q: text, page: fc.integer({ min: 1, max: 500 }), limit: fc.integer({ min: 1, max: 200 }), sortDir: fc.constantFrom('asc', 'desc'), latestOnly: fc.boolean() }, { requiredKeys: [] }),
  ),
  'account.signedUrl': fc.tuple(id),
  'webhooks.list': fc.constant([]),
  'webhooks.create': fc.tuple(webhookDraft),
  'webhooks.update': fc.tuple(id, fc.record({ url: fc.webUrl(), events: fc.array(text, { maxLength: 5 }), active: fc.boolean(), description: text }, { requiredKeys: [] })),
  'webhooks.activate': fc.tuple(id),
  'webhooks.remove': fc.tuple(id),
  'webhooks.test': fc.tuple(id),
  'webhooks.rotateSecret': fc.tuple(id),
};
