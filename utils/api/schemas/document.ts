import { z } from 'zod';

/** Known `docType` values; kept open. */
export const DOCUMENT_TYPES = ['loa', 'trademark_registration', 'exec_loa', 'file'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The client a document belongs to. */
export const DocumentClient = z.object({
  id: z.string(),
  name: z.string(),
  parentClientId: z.string().nullable(),
});
export type DocumentClient = z.infer<typeof DocumentClient>;

/** Who uploaded a document; every field optional. */
export const DocumentUploader = z.object({
  id: z.string().optional(),
  email: z.string().optional(),
  // A user's name and surname may be null (UserStructure), so they may be here too.
  name: z.string().nullish(),
  surname: z.string().nullish(),
});
export type DocumentUploader = z.infer<typeof DocumentUploader>;

/** DocumentStructure: a document on file (named so as not to shadow the DOM's Document). */
export const AccountDocument = z.object({
  id: z.string(),
  clientId: z.string(),
  client: DocumentClient.nullable(),
  /** See DOCUMENT_TYPES; kept as a string. */
  docType: z.string(),
  fileName: z.string().nullable(),
  uploadedBy: DocumentUploader.nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Temporary download URL; detail endpoint only. */
  signedUrl: z.string().nullish(),
});
export type AccountDocument = z.infer<typeof AccountDocument>;
