import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../../graphql/generated.ts';
import type { ApiModule } from '../module.ts';
import type { GraphQLContext } from '../../graphql/context.ts';

/** Liveness and the websocket heartbeat (spec §7: the websocket sends a heartbeat every 5 s). */
export const systemModule: ApiModule = {
  name: 'system',
  typeDefs: '',
  resolvers: {
    Query: {
      health: async (_root: unknown, _args: unknown, { services }: GraphQLContext) => {
        await services.sql.query('SELECT 1');
        return { status: 'ok', eventStore: services.store.kind, time: new Date() };
      },
    } satisfies QueryResolvers,
    Mutation: { ping: () => true } satisfies MutationResolvers,
    Subscription: {
      serverTime: {
        subscribe: async function* (_root: unknown, { seconds }: { seconds: number }) {
          const every = Math.min(60, Math.max(1, seconds)) * 1_000;
          for (;;) {
            yield { serverTime: new Date() };
            await new Promise((resolve) => setTimeout(resolve, every));
          }
        },
      },
    } satisfies SubscriptionResolvers,
  },
};
