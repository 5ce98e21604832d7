/**
 * The football catalogue (issue 4): countries, competitions, teams, matches, markets, outcomes, odds.
 */
import type { ApiModule } from '../module.ts';

export const catalogueModule: ApiModule = {
  name: 'catalogue',
  typeDefs: '',
  resolvers: {},
  migrations: new URL('./migrations/', import.meta.url),
};
