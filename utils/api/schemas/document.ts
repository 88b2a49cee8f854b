import * as z from 'zod/mini';

/** Known `docType` values; kept open. */
export const DOCUMENT_TYPES = ['loa', 'trademark_registration', 'exec_loa', 'file'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The client a document belongs to. */
export const DocumentClient = z.object({
  id: z.string(),
  name: z.string(),
  parentClientId: z.nullable(z.string()),
});
export type DocumentClient = z.infer<typeof DocumentClient>;

/** Who uploaded a document; every field optional. */
export const DocumentUploader = z.object({
  id: z.optional(z.string()),
  email: z.optional(z.string()),
  // A user's name and surname may be null (UserStructure), so they may be here too.
  name: z.nullish(z.string()),
  surname: z.nullish(z.string()),
});
export type DocumentUploader = z.infer<typeof DocumentUploader>;

/** DocumentStructure: a document on file (named so as not to shadow the DOM's Document). */
export const AccountDocument = z.object({
  id: z.string(),
  clientId: z.string(),
  client: z.nullable(DocumentClient),
  /** See DOCUMENT_TYPES; kept as a string. */
  docType: z.string(),
  fileName: z.nullable(z.string()),
  uploadedBy: z.nullable(DocumentUploader),
  createdAt: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  /** Temporary download URL; detail endpoint only. */
  signedUrl: z.nullish(z.string()),
});
export type AccountDocument = z.infer<typeof AccountDocument>;
