import * as z from 'zod/mini';

/** Known user roles; the set is kept open. */
export const USER_ROLES = ['superuser', 'parentadmin', 'user', 'admin'] as const;

/** UserStructure: a dashboard user of the account. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullish(z.string()),
  surname: z.nullish(z.string()),
  /** See USER_ROLES; kept as strings. */
  roles: z.array(z.string()),
  /** Absent for staff. */
  clientId: z.optional(z.string()),
  clientName: z.optional(z.string()),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof User>;

/** ClientStructure: a client (or managed sub-client) the key may act for. */
export const Client = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type Client = z.infer<typeof Client>;

/** `remainingCredits`: a number when metered, `unlimited`, null without credits; another string is kept. */
export const RemainingCredits = z.union([
  z.number(),
  z.literal('unlimited'),
  // Widened so editors still suggest 'unlimited' while any other string parses.
  z.pipe(z.string(), z.transform((value: string): string & {} => value)),
  z.null(),
]);
export type RemainingCredits = z.infer<typeof RemainingCredits>;

/** UsageStructure: a client's remaining credit balance. */
export const Usage = z.object({
  clientId: z.string(),
  clientName: z.nullable(z.string()),
  remainingCredits: RemainingCredits,
});
export type Usage = z.infer<typeof Usage>;

/** What GET /v1/whoami tells about the key; its shape is not shown, so this is what could be found. */
export interface Whoami {
  clients: Client[];
  /** Clients that did not parse. */
  skipped: number;
  /** A key or user label, when the answer carried one. */
  label?: string;
}
