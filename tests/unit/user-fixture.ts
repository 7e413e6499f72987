// An account as /users/me answers it, for the screens' unit tests: active, verified, the Titolare
// of its company unless `over` says otherwise.
import type { User } from '../../src/core/schemas/user';

export function testUser(over: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'a@b.it',
    full_name: null,
    company: null,
    status: 'active',
    is_active: true,
    is_verified: true,
    is_superuser: false,
    created_at: '2026-01-01T00:00:00Z',
    company_role: 'owner',
    fans_access: true,
    membership: 'member',
    ...over,
  };
}
