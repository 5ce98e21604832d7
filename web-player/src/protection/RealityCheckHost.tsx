/**
 * The protections' place in the layout (issue 23): for a logged-in player it loads, each in its own
 * chunk, the reality-check timer and dialog (`RealityCheck.tsx`, "every N minutes of play"), which asks
 * the server when the next check is due, and the betslip's "you can stake X more today" line
 * (`StakeLeft.tsx`). Itself in the on-demand site parts: nothing of it is on the first load.
 */
import { lazy, Suspense } from 'react';

const RealityCheck = lazy(() => import('./RealityCheck.tsx'));
const StakeLeft = lazy(() => import('./StakeLeft.tsx'));

/** Renders the reality check and the betslip's stake-left line while a player is logged in. */
export function RealityCheckHost({ loggedIn }: { readonly loggedIn: boolean }) {
  return loggedIn ? (
    <Suspense fallback={null}>
      <RealityCheck />
      <StakeLeft />
    </Suspense>
  ) : null;
}
