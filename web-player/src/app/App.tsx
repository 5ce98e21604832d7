/**
 * The app: the hash router of `router.tsx` (spec §2). `createAppRouter` is re-exported for main.tsx.
 */
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router.tsx';
import './app.css';

export { createAppRouter };

/** The app over a router built by {@link createAppRouter}. */
export function App({ router }: { readonly router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
