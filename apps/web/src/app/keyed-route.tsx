import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { routeKey } from './route-key.ts';

/** A route's page, mounted afresh whenever the record its address names changes (see routeKey). */
export function KeyedRoute({ children }: { children: ReactNode }) {
  return <Fragment key={routeKey(useParams())}>{children}</Fragment>;
}
