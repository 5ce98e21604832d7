/**
 * Jackpot set-up for the player site's browser tests (`*.e2e.test.ts`, docs/testing-e2e.md), shared by
 * `pool/pool.e2e.test.ts` and `protection/cool-off.e2e.test.ts`. Nothing here runs in the site.
 */
import { expect } from 'vitest';

/** What this needs of the test server (api/src/testing/e2e.ts `E2eServer.gqlOk`; web apps do not import the API). */
interface GraphqlServer {
  gqlOk<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T>;
}

/** Jackpot type id of the 13-match jackpot (spec §9 "string_ball", seeded as type 1). */
const JACKPOT_TYPE_ID = 1;
/** Matches of a jackpot issue (spec §9 jackpot `guess_number`). */
const JACKPOT_MATCHES = 13;

/**
 * Staff open a jackpot issue on the furthest 13 upcoming matches the server offers
 * (`poolCandidates`), so that entries stay open while the test runs; waits up to 90 s for the demo
 * feed to list 13 candidates. Answers the new issue's id. Run with `POOL_DEMO=0` so that no demo issue
 * closing at the next kick-off competes with it.
 */
export const openFurthestJackpot = async (server: GraphqlServer, staffToken: string): Promise<string> => {
  let ids: string[] = [];
  for (let tries = 0; ids.length < JACKPOT_MATCHES && tries < 45; tries++) {
    const { poolCandidates } = await server.gqlOk<{ poolCandidates: { matchId: string }[] }>(
      'query ($t: Int!) { poolCandidates(typeId: $t) { matchId } }',
      { t: JACKPOT_TYPE_ID },
      staffToken,
    );
    ids = poolCandidates.map((c) => c.matchId);
    if (ids.length < JACKPOT_MATCHES) await new Promise((r) => setTimeout(r, 2_000));
  }
  expect(ids.length).toBeGreaterThanOrEqual(JACKPOT_MATCHES);
  const { createPoolIssue } = await server.gqlOk<{ createPoolIssue: { issueId: string } }>(
    'mutation ($t: Int!, $m: [ID!]!) { createPoolIssue(typeId: $t, matchIds: $m) { issueId } }',
    { t: JACKPOT_TYPE_ID, m: ids.slice(-JACKPOT_MATCHES) },
    staffToken,
  );
  return createPoolIssue.issueId;
};
