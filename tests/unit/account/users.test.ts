import { describe, expect, it } from 'vitest';
import type { User } from '@/utils/api/schemas/account';
import { countWithoutMfa, fullName, knownRole, sortUsers } from '@/utils/account/users';

const user = (fields: Partial<User>): User => ({ id: 'u', email: null, roles: [], mfaEnabled: null, createdAt: null, updatedAt: null, ...fields });

describe('account users', () => {
  it.each([
    ['superuser', 'superuser'],
    ['parentadmin', 'parentadmin'],
    ['user', 'user'],
    ['admin', 'admin'],
    ['auditor', null],
    ['SUPERUSER', null],
  ])('role %j has the spec meaning of %j', (role, known) => {
    expect(knownRole(role)).toBe(known);
  });

  it.each<[Partial<User>, string | null]>([
    [{ name: 'Alice', surname: 'Nguyen' }, 'Alice Nguyen'],
    [{ name: 'Alice', surname: null }, 'Alice'],
    [{ name: null, surname: 'Nguyen' }, 'Nguyen'],
    [{ name: ' ', surname: undefined }, null],
    [{}, null],
  ])('%j is named %j', (fields, name) => {
    expect(fullName(user(fields))).toBe(name);
  });

  it('orders users by client, then name, then email', () => {
    const users = [
      user({ id: '1', clientName: 'Globex', name: 'Gina' }),
      user({ id: '2', clientName: 'Acme', name: 'bob' }),
      user({ id: '3', clientName: 'Acme', name: 'Alice' }),
      user({ id: '4', clientName: 'Acme', name: null, email: 'a@acme.example' }),
    ];
    expect(sortUsers(users).map((entry) => entry.id)).toEqual(['4', '3', '2', '1']);
  });

  it('counts users with MFA off, not those whose MFA state is unknown', () => {
    expect(countWithoutMfa([user({ mfaEnabled: false }), user({ mfaEnabled: true }), user({ mfaEnabled: null }), user({ mfaEnabled: false })])).toBe(2);
  });
});
