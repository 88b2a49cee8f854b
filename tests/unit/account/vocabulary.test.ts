import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, USER_ROLES } from '@/utils/account/vocabulary';
import * as accountSchemas from '@/utils/api/schemas/account';
import * as documentSchemas from '@/utils/api/schemas/document';

// The pages' copies of the spec's word lists (kept apart so zod stays out of the page bundles) equal the schemas'.
describe('account vocabulary', () => {
  it.each([
    ['document types', DOCUMENT_TYPES, documentSchemas.DOCUMENT_TYPES],
    ['user roles', USER_ROLES, accountSchemas.USER_ROLES],
  ])('%s are the schema’s', (_name, copy, schema) => {
    expect(copy).toEqual(schema);
  });
});
