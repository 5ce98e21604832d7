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

/**
 * A route whose page module loads on first visit. `handle.titleKey` names its page title (`titles.*`)
 * for the layout, which sets `document.title` from the deepest route's handle; the page sets the same.
 */
export const lazyPage = (
  path: string,
  guard: PageGuard,
  titleKey: string,
  load: () => Promise<ComponentType>,
): RouteObject => ({
  path,
  handle: { titleKey },
  lazy: async () => ({ element: guarded(guard, await load()) }),
});
