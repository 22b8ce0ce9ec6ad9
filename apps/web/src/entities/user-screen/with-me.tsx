import type { User } from '@saathi/shared';
import type { ReactNode } from 'react';
import { PageLoading } from '../../components/page-loading';
import { useMeQuery } from '../user';

/** A screen about the signed-in user: the loading bar until the user is known, then `children(user)`. */
export function WithMe({ children }: { children: (user: User) => ReactNode }) {
  const me = useMeQuery();
  if (!me.data) return <PageLoading />;
  return <>{children(me.data)}</>;
}
