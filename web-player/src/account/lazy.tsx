/** Route helpers of the account and content pages: a page inside its guard, and a lazily loaded route. */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireLogin, VisitorOnly } from './common.tsx';

/** Who may see a page: players only, visitors only (else /home), or anyone. */
export type PageGuard = 'player' | 'visitor' | 'any';

/** A page component inside its guard. */
export const guarded = (guard: PageGuard, Page: ComponentType) =>
  guard === 'player' ? (
    <RequireLogin>
      <Page />
    </RequireLogin>
  ) : guard === 'visitor' ? (
    <VisitorOnly>
      <Page />
    </VisitorOnly>
  ) : (
    <Page />
  );

/** A route whose page module loads on first visit. */
export const lazyPage = (
  path: string,
  guard: PageGuard,
  load: () => Promise<ComponentType>,
): RouteObject => ({
  path,
  lazy: async () => ({ element: guarded(guard, await load()) }),
});
