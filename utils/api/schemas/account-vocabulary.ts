// Known values of the account's open sets, with no zod: pages import them
// without bringing the schemas into their bundles. The schemas re-export them.

/** Known user roles (spec: UserStructure › Roles); the set is kept open. */
export const USER_ROLES = ['superuser', 'parentadmin', 'user', 'admin'] as const;

/** Known `docType` values (spec: DocumentStructure); kept open. */
export const DOCUMENT_TYPES = ['loa', 'trademark_registration', 'exec_loa', 'file'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
