/**
 * The live module (issue 5 item 7; issue 4 item 4 "Changes are published for subscriptions";
 * docs/live.md): GraphQL subscriptions over websocket (graphql-ws) for the odds, status and score of
 * watched matches (`watchMatches`, spec §4 `monitoring` / `update_match_odds`), the live list
 * (`liveMatchList`), and the staff `setBettingPause` that makes the betting module's `bettingPause`
 * subscription fire, with a watcher for scheduled configuration versions (spec §4 Betting pause).
 *
 * It reads the catalogue's and the feed's `MATCH_UPDATED` / `ODDS_CHANGED` topics (docs/catalogue.md
 * "Topics") and publishes `BETTING_PAUSE`.
 */
import type { MutationResolvers, SubscriptionResolvers } from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import { MATCH_UPDATED, ODDS_CHANGED } from '../catalogue/index.ts';
import type { MatchUpdated } from '../catalogue/index.ts';
import type { ApiModule } from '../module.ts';
import { PAUSE_CHECK_MS, setBettingPause, startPauseWatcher } from './pause.ts';
import { filterMap, liveListUpdate, watchedIds, watchedUpdate } from './updates.ts';
import type { CatalogueMessage, LiveUpdate } from './updates.ts';

export { BETTING_PAUSE, pauseInForce } from './pause.ts';
export type { BettingPause } from './pause.ts';
export type { LiveUpdate, MatchUpdate, SelectionUpdate } from './updates.ts';

/** The subscription context Mercurius adds: `pubsub.subscribe` of one topic or several into one queue. */
type SubscriptionContext = GraphQLContext & {
  pubsub: { subscribe(topics: string | string[]): Promise<AsyncIterable<unknown>> };
};

/** What the live module is built with. */
export interface LiveModuleOptions {
  /** How often the betting pause in force is re-read, ms; default {@link PAUSE_CHECK_MS} (spec §4: 10 s). */
  readonly pauseCheckMs?: number;
}

const passThrough = (update: LiveUpdate) => update;

/** Builds the live module. */
export const createLiveModule = (options: LiveModuleOptions = {}): ApiModule => ({
  name: 'live',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  start: (services) => startPauseWatcher(services, options.pauseCheckMs ?? PAUSE_CHECK_MS),
  resolvers: {
    Subscription: {
      watchMatches: {
        subscribe: async (_root, { matchIds }, ctx) => {
          const ids = watchedIds([...matchIds]);
          const source = await (ctx as SubscriptionContext).pubsub.subscribe([MATCH_UPDATED, ODDS_CHANGED]);
          return filterMap(source as AsyncIterable<CatalogueMessage>, (message) =>
            watchedUpdate(ids, message),
          );
        },
        resolve: passThrough,
      },
      liveMatchList: {
        subscribe: async (_root, _args, ctx) =>
          filterMap(
            (await (ctx as SubscriptionContext).pubsub.subscribe(
              MATCH_UPDATED,
            )) as AsyncIterable<MatchUpdated>,
            liveListUpdate,
          ),
        resolve: passThrough,
      },
    } satisfies SubscriptionResolvers,
    Mutation: {
      setBettingPause: (
        _root: unknown,
        args: { paused: boolean; prompt?: string | null },
        ctx: GraphQLContext,
      ) => setBettingPause(ctx, args),
    } satisfies MutationResolvers,
  },
});

export const liveModule: ApiModule = createLiveModule();
