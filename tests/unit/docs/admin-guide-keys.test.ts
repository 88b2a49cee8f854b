import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANAGEABLE_SETTINGS } from '@/utils/settings/managed';

// docs/admin-guide.md names every key an organisation may set by policy
// (public/managed-schema.json), with its row in the table of keys, and every
// value of the lists it takes (issue 42): a key added to the schema fails
// here until the guide says what it does.

const GUIDE = readFileSync('docs/admin-guide.md', 'utf8');

interface SchemaProperty {
  type: string;
  properties?: Record<string, SchemaProperty>;
  enum?: string[];
  items?: { enum?: string[] };
}
const schema = JSON.parse(readFileSync('public/managed-schema.json', 'utf8')) as { properties: Record<string, SchemaProperty> };

/** Every key of the schema, the nested ones as `parent.key`. */
export function schemaKeys(properties: Record<string, SchemaProperty>, parent = ''): string[] {
  return Object.entries(properties).flatMap(([key, property]) => [`${parent}${key}`, ...(property.properties ? schemaKeys(property.properties, `${parent}${key}.`) : [])]);
}

/** Every value a key's enum (or its list items' enum) allows. */
const enumValues = (property: SchemaProperty) => [...(property.enum ?? []), ...(property.items?.enum ?? [])];

describe('schemaKeys', () => {
  it.each([
    [{ a: { type: 'string' } }, ['a']],
    [{ a: { type: 'object', properties: { b: { type: 'boolean' } } } }, ['a', 'a.b']],
  ])('%j', (properties, keys) => {
    expect(schemaKeys(properties as Record<string, SchemaProperty>)).toEqual(keys);
  });
});

describe('docs/admin-guide.md', () => {
  it('covers every setting the extension reads from a policy', () => {
    expect(schemaKeys(schema.properties)).toEqual(expect.arrayContaining([...MANAGEABLE_SETTINGS]));
  });

  it.each(schemaKeys(schema.properties).filter((key) => !key.includes('.')))('has a row for %s', (key) => {
    expect(GUIDE).toMatch(new RegExp(`^\\| \`${key}\` \\|`, 'm'));
  });

  it.each(schemaKeys(schema.properties).filter((key) => key.includes('.')))('names %s', (key) => {
    expect(GUIDE).toContain(`\`${key.split('.').at(-1)}\``);
  });

  it.each(Object.entries(schema.properties).flatMap(([key, property]) => enumValues(property).map((value) => [key, value] as const)))('names %s value %s', (_key, value) => {
    expect(GUIDE).toContain(`\`${value}\``);
  });
});
