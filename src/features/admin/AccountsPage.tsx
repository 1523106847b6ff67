import UsersPage from './UsersPage';

/** /sys/user: account management. */
export default function AccountsPage() {
  return <UsersPage mode="accounts" />;
}
