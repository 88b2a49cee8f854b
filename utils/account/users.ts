import type { User } from '../api/schemas/account';
import { USER_ROLES } from '../api/schemas/account-vocabulary';

/** A role the spec gives a meaning to (UserStructure › Roles). */
export type KnownRole = (typeof USER_ROLES)[number];

/** The role when the spec defines it, else null: the set is open, so an unknown role is shown as written. */
export function knownRole(role: string): KnownRole | null {
  return (USER_ROLES as readonly string[]).includes(role) ? (role as KnownRole) : null;
}

/** "Alice Nguyen"; null when the service gave neither part (name and surname may be null). */
export function fullName(user: Pick<User, 'name' | 'surname'>): string | null {
  const parts = [user.name, user.surname].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length === 0 ? null : parts.map((part) => part.trim()).join(' ');
}

/** Users ordered by client, then name, then email: the way an administrator scans a team. */
export function sortUsers(users: readonly User[]): User[] {
  const key = (user: User) => [user.clientName ?? user.clientId ?? '', fullName(user) ?? '', user.email ?? ''];
  return [...users].sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    for (let index = 0; index < left.length; index++) {
      const order = left[index]!.localeCompare(right[index]!, undefined, { sensitivity: 'base' });
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** How many users have MFA off (`mfaEnabled` false); a user whose MFA state was not given is not counted. */
export function countWithoutMfa(users: readonly User[]): number {
  return users.filter((user) => user.mfaEnabled === false).length;
}
