import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../entities/session';

/** Sends anonymous users to /login, remembering where they were going (`state.from`). */
export function RequireAuth() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) {
    const { pathname, search, hash } = location;
    return <Navigate to="/login" replace state={{ from: { pathname, search, hash } }} />;
  }
  return <Outlet />;
}
