import * as z from 'zod/mini';
import type { BackgroundService } from './service-types';
import type { Page } from './protocol';

// What each page may ask the background, and in what shape. Anything not
// listed here (the menu's reportTab, the outbox's sendWaiting, the policy's
// applyManaged) cannot be called by a message at all.

type Area = keyof BackgroundService;
type MethodOf<A extends Area> = {
  [M in keyof BackgroundService[A]]: BackgroundService[A][M] extends (...args: never[]) => unknown ? M : never;
}[keyof BackgroundService[A]] &
  string;
/** `area.method` of every function of the background service. */
export type ServicePath = { [A in Area]: `${A}.${MethodOf<A>}` }[Area];
type MethodAt<P extends ServicePath> = P extends `${infer A extends Area}.${infer M}` ? (M extends keyof BackgroundService[A] ? BackgroundService[A][M] : never) : never;
type ArgsAt<P extends ServicePath> = MethodAt<P> extends (...args: infer Args) => unknown ? Args : never;

/** Who may call a method, and the schema its arguments must pass. */
export interface Route<P extends ServicePath> {
  pages: readonly Page[];
  args: z.ZodMiniType<ArgsAt<P>>;
}

/** Long enough for any id the service hands out (opaque strings, spec rule 6). */
const Id = z.string().check(z.minLength(1), z.maxLength(512));
/** A subject as typed or taken from a page: a URL can be long, not unbounded. */
const Subject = z.string().check(z.maxLength(8_192));
const Comment = z.string().check(z.minLength(1), z.maxLength(20_000));
const Short = z.string().check(z.maxLength(2_048));
const MaxAgeMs = z.number().check(z.int(), z.minimum(0), z.maximum(86_400_000));
const TabId = z.number().check(z.int(), z.minimum(0), z.maximum(2 ** 31 - 1));

const FollowUp = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('comment'), comment: Comment }),
  z.strictObject({ kind: z.literal('attach') }),
  z.strictObject({ kind: z.literal('takedown') }),
]);
/** What the page knows of the incident it acts on, kept with the action's record. */
const ActionAbout = z.strictObject({ subject: z.optional(z.nullable(Subject)), clientId: z.optional(z.nullable(Short)), status: z.optional(z.nullable(Short)) });
const IncidentAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('approve') }),
  z.strictObject({ kind: z.literal('comment'), comment: Comment }),
  z.strictObject({ kind: z.literal('takedown') }),
  z.strictObject({ kind: z.literal('monitor') }),
  z.strictObject({ kind: z.literal('safe') }),
]);
const IncidentKey = z.union([z.strictObject({ subject: Subject }), z.strictObject({ id: Id })]);
const Events = z.array(Short).check(z.maxLength(50));
const WebhookDraft = z.strictObject({ url: Short, events: Events, description: z.optional(Short), clientId: z.optional(Id) });
const WebhookChanges = z.strictObject({ url: z.optional(Short), events: z.optional(Events), active: z.optional(z.boolean()), description: z.optional(Short) });
const DocumentListParams = z.strictObject({
  clientId: z.optional(Id),
  docType: z.optional(Short),
  executiveId: z.optional(Id),
  q: z.optional(Short),
  sortBy: z.optional(z.enum(['createdAt', 'updatedAt', 'docType', 'id'])),
  sortDir: z.optional(z.enum(['asc', 'desc'])),
  latestOnly: z.optional(z.boolean()),
  excludeDeleted: z.optional(z.boolean()),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(200))),
  page: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))),
});

const ALL: readonly Page[] = ['popup', 'options', 'review', 'incident'];
/** Pages that make new reports (the issue: "the review window and the popup may report; nothing else may"). */
const REPORTING: readonly Page[] = ['popup', 'review'];
/** Resending, checking or deleting a report that exists: also from My reports. */
const REPORT_ACTIONS: readonly Page[] = ['popup', 'review', 'options'];
const ACCOUNT: readonly Page[] = ['options'];
const none = z.tuple([]);
const justId = z.tuple([Id]);

/** Every method a page may call. */
export const ROUTES = {
  // Only the options page sets or clears the key.
  'connection.save': { pages: ['options'], args: z.tuple([z.strictObject({ baseUrl: Short, apiKey: z.optional(z.string().check(z.maxLength(1_024))) })]) },
  'connection.forget': { pages: ['options'], args: none },
  'connection.getStatus': { pages: ALL, args: z.tuple([z.strictObject({ live: z.boolean(), maxAgeMs: z.optional(MaxAgeMs) })]) },

  'reports.startTabDraft': { pages: REPORTING, args: z.tuple([TabId, z.optional(z.enum(['popup', 'review']))]) },
  'reports.submit': { pages: REPORTING, args: justId },
  // The popup discards its draft; My reports deletes a report from the history.
  'reports.discard': { pages: REPORT_ACTIONS, args: justId },
  // The incident page attaches files to an existing incident through a draft.
  'reports.followUp': { pages: [...REPORTING, 'incident'], args: z.tuple([Id, z.union([Id, z.literal('')]), FollowUp]) },
  'reports.sendAgain': { pages: REPORT_ACTIONS, args: justId },
  'reports.check': { pages: REPORT_ACTIONS, args: justId },

  'incidents.find': { pages: ALL, args: z.tuple([IncidentKey]) },
  'incidents.extras': { pages: ['popup', 'incident'], args: justId },
  'incidents.act': { pages: ['popup', 'incident'], args: z.tuple([Id, IncidentAction, z.optional(ActionAbout)]) },

  'status.refresh': { pages: ['options'], args: none },

  'account.usage': { pages: ['popup', 'options'], args: z.tuple([z.optional(z.strictObject({ maxAgeMs: z.optional(MaxAgeMs) }))]) },
  'account.users': { pages: ACCOUNT, args: none },
  'account.documents': { pages: ACCOUNT, args: z.tuple([DocumentListParams]) },
  'account.signedUrl': { pages: ACCOUNT, args: justId },

  'webhooks.list': { pages: ACCOUNT, args: none },
  'webhooks.create': { pages: ACCOUNT, args: z.tuple([WebhookDraft]) },
  'webhooks.update': { pages: ACCOUNT, args: z.tuple([Id, WebhookChanges]) },
  'webhooks.activate': { pages: ACCOUNT, args: justId },
  'webhooks.remove': { pages: ACCOUNT, args: justId },
  'webhooks.test': { pages: ACCOUNT, args: justId },
  'webhooks.rotateSecret': { pages: ACCOUNT, args: justId },
} satisfies { [P in ServicePath]?: Route<P> };

/** The methods pages may call, as `area.method`. */
export type RoutedPath = keyof typeof ROUTES;
