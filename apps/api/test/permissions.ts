import type { Permission } from '@kampus/shared';
import type { CompanyRow } from './factories.js';
import { login, type TestApp } from './helpers.js';

/** A learner of the company with one more role (made for them) holding exactly the permissions given, signed in. */
export async function tokenWithPermissions(test: TestApp, company: CompanyRow, names: Permission[]): Promise<string> {
  const user = await test.factories.createUser(company);
  await test.factories.createRole(company, {
    name: `Only ${names.join(' ')} ${user.id}`,
    permissions: names,
    members: [user.id],
  });
  return (await login(test.app, company, user.email ?? '')).access_token;
}
