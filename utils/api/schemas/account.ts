import * as z from 'zod/mini';
import { lenientArray, lenientObject } from './lenient';

/** UserStructure: a dashboard user of the account. */
export const User = lenientObject({
  required: { id: z.string() },
  expected: {
    email: z.string(),
    /** See USER_ROLES; kept as strings. */
    roles: lenientArray(z.string()),
    mfaEnabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  },
  optional: {
    name: z.nullable(z.string()),
    surname: z.nullable(z.string()),
    /** Absent for staff. */
    clientId: z.string(),
    clientName: z.string(),
  },
});
export type User = z.infer<typeof User>;

/**
 * ClientStructure: a client (or managed sub-client) the key may act for. `active` null: the service did not say.
 * `parentClientId` is not documented for ClientStructure, only for a document's client: read when sent
 * (null: a top-level client; absent or malformed: not said).
 */
export const Client = lenientObject({
  required: { id: z.string() },
  expected: { name: z.string(), active: z.boolean() },
  optional: { parentClientId: z.nullable(z.string()) },
});
export type Client = z.infer<typeof Client>;

/** `remainingCredits`: a number when metered, `unlimited`, null without credits; another string is kept. */
const RemainingCredits = z.union([z.number(), z.string(), z.null()]);

/**
 * UsageStructure: a client's remaining credit balance. `remainingCredits` null
 * means the client does not use credits; absent means it was not readable.
 */
export const Usage = lenientObject({
  required: { clientId: z.string() },
  expected: { clientName: z.string() },
  optional: { remainingCredits: RemainingCredits },
});
export type Usage = z.infer<typeof Usage>;

/** A client as whoami names it: its id is null when only a name was given, its name null when only an id. */
export interface WhoamiClient {
  id: string | null;
  name: string | null;
  active: boolean | null;
}

/** What GET /v1/whoami tells about the key; its shape is not shown, so this is what could be found. */
export interface Whoami {
  clients: WhoamiClient[];
  /** Client entries that could not be read. */
  skipped: number;
  /** A key or user label, when the answer carried one. */
  label?: string;
}
