import { UsersList } from './UsersListPage.js';

/** /admin/user/passive: the passive users (status 0), each with reactivate, and bulk reactivate. */
export default function PassiveUsersPage() {
  return <UsersList mode="passive" />;
}
