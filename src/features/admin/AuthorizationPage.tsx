import UsersPage from './UsersPage';

/** /app/user: users and their roles. */
export default function AuthorizationPage() {
  return <UsersPage mode="authorization" />;
}
