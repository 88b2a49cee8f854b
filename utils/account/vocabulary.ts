import type { USER_ROLES as SCHEMA_ROLES } from '../api/schemas/account';
import type { DOCUMENT_TYPES as SCHEMA_TYPES } from '../api/schemas/document';

// The account's closed word lists for the pages, without the schemas: a value
// imported from a schema file brings zod into the page bundle (its top-level
// schema calls cannot be tree-shaken). `satisfies` keeps them equal to the
// schemas' lists, in order.

/** Document types the spec names (DocumentStructure › docType). */
export const DOCUMENT_TYPES = ['loa', 'trademark_registration', 'exec_loa', 'file'] as const satisfies typeof SCHEMA_TYPES;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** User roles the spec gives a meaning to (UserStructure › Roles). */
export const USER_ROLES = ['superuser', 'parentadmin', 'user', 'admin'] as const satisfies typeof SCHEMA_ROLES;
