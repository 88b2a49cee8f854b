import * as z from 'zod/mini';
import { lenientObject } from './lenient';

/** The client a document belongs to. */
export const DocumentClient = lenientObject({
  required: { id: z.string() },
  expected: { name: z.string() },
  /** null: a top-level client; absent: not said. */
  optional: { parentClientId: z.nullable(z.string()) },
});
export type DocumentClient = z.infer<typeof DocumentClient>;

/** Who uploaded a document; every field optional, and a user's name parts may be null. */
export const DocumentUploader = lenientObject({
  required: {},
  optional: {
    id: z.string(),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    surname: z.nullable(z.string()),
  },
});
export type DocumentUploader = z.infer<typeof DocumentUploader>;

/** DocumentStructure: a document on file (named so as not to shadow the DOM's Document). */
export const AccountDocument = lenientObject({
  required: { id: z.string() },
  expected: {
    clientId: z.string(),
    /** See DOCUMENT_TYPES; kept as a string. */
    docType: z.string(),
  },
  // null is a value the spec gives these ("none"); absent or malformed reads as not said.
  optional: {
    client: z.nullable(DocumentClient),
    fileName: z.nullable(z.string()),
    uploadedBy: z.nullable(DocumentUploader),
    createdAt: z.nullable(z.string()),
    updatedAt: z.nullable(z.string()),
    /** Temporary download URL; detail endpoint only. */
    signedUrl: z.nullable(z.string()),
  },
});
export type AccountDocument = z.infer<typeof AccountDocument>;
