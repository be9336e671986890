// Login-required routes: a visitor goes to the login modal with this path and query as the return target.
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { modalState } from '../states/modalState';
import { userState } from '../states/userState';
import { loginUrlFor } from '../utils/returnTarget';

export type RequireLoginProps = { children: ReactNode };

export function RequireLogin({ children }: RequireLoginProps) {
  const { isLoggedIn } = useSnapshot(userState);
  const [location] = useLocation();
  const search = useSearch();
  if (isLoggedIn) return <>{children}</>;
  const target = search ? `${location}?${search}` : location;
  modalState.pendingPath = target;
  return <Redirect to={loginUrlFor(target)} replace />;
}
