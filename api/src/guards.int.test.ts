/**
 * Every staff mutation and query refuses a staff member whose role lacks its permission, and an
 * anonymous caller (issue 5: "A staff role without the permission is refused on every staff mutation
 * (test each)"; issue 15 item 4: default-deny "for queries as for mutations").
 * The list of mutations comes from the schema itself, so a new staff mutation that forgets its
 * `requireStaff` check fails here. The mutations that are NOT staff operations are named below.
 */
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import type { GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from './app.ts';
import { modules } from './modules/index.ts';
import { staff, startTestApp } from './testing/app.ts';
import type { TestApp } from './testing/app.ts';

/** Public or player operations, and the staff member's own account (needs only a login). */
const NOT_STAFF_OPERATIONS = new Set([
  'ping',
  'register',
  'login',
  'logout',
  'requestSmsCode',
  'requestPaymentPhoneCode',
  'verifyPaymentPhone',
  'removePaymentPhone',
  'resetPassword',
  'changePassword',
  'setDefaultBetAmount',
  'placeBet',
  'deposit',
  'withdraw',
  'shareSlip',
  'reportClientLog',
  'markMessageRead',
  'markAllMessagesRead',
  'clickRotation',
  'postBoardMessage',
  'staffLogin',
  'staffLogout',
  'staffChangePassword',
  'beginTotpBinding',
  'confirmTotpBinding',
  'unbindTotp',
  'setProtectionLimit',
  'confirmProtectionLimit',
  'cancelProtectionLimit',
  'setRealityCheck',
  'startCoolOff',
  'selfExclude',
  'requestReopen',
  'placeRacingBet',
  'exchangeRacingCoin',
  'reportDevice',
  'buyPoolTicket',
  'launchCasinoGame',
  'earlySettlements',
  'setAutoCashOut',
  'clearAutoCashOut',
]);

const SCALAR_SAMPLES: Record<string, unknown> = {
  ID: '1',
  Int: 1,
  Float: 1,
  String: 'x',
  Boolean: true,
  Tzs: 100,
  Odds: '2.00',
  DateTime: '2026-01-01T00:00:00Z',
};

/** A well-typed value for `type`, so the call passes coercion and reaches the resolver's guard. */
const sample = (type: GraphQLInputType): unknown => {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  const named = getNamedType(type);
  if (isScalarType(named)) return SCALAR_SAMPLES[named.name] ?? 'x';
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) {
    return Object.fromEntries(
      Object.values(named.getFields()).map((field) => [field.name, sample(field.type)]),
    );
  }
  return null;
};

/**
 * Queries anyone may call (the public site) or that answer only the caller's own data (`me`,
 * `staffMe`): every other query is a staff query and must refuse without a declared permission.
 */
const PUBLIC_QUERIES = new Set([
  'health',
  'me',
  'staffMe',
  'homeMatches',
  'upcomingMatches',
  'liveMatches',
  'liveMatchCount',
  'topMatches',
  'oddsBoostMatches',
  'todayHottestMatches',
  'popularMatches',
  'leagueMatches',
  'countryMatches',
  'searchMatches',
  'resultMatches',
  'countryMenu',
  'popularCompetitions',
  'matchMarkets',
  'bettingTypes',
  'bookmakers',
  'betConfig',
  'bettingPause',
  'stringRewards',
  'bookingCode',
  'payConfig',
  'paymentOptions',
  'boardMessages',
  'rotations',
  'noticeBar',
  'contactList',
  'socialLinks',
  'articles',
  'article',
  'documents',
  'richTextPage',
  'siteConfig',
  'racingConfig',
  'racingClock',
  'racingPeriods',
  'racingPeriod',
  'racingHotCold',
  'promotions',
  'bigWinners',
  'poolIssues',
  'poolIssue',
  'poolIssueStats',
  'poolResults',
  'poolRules',
  'jackpotBanner',
  'guessingBetTypes',
  'guessingBetType',
  'casinoGames',
  'casinoGame',
  'cashOutConfig',
]);

/** Queries of a logged-in player's own data: anonymous callers are refused. */
const PLAYER_QUERIES = new Set([
  'paymentPhones',
  'myWallet',
  'myBills',
  'myBets',
  'myBet',
  'payment',
  'myPayments',
  'myMessages',
  'unreadMessageCount',
  'supportThread',
  'myProtection',
  'myProtectionHistory',
  'myRealityCheck',
  'myStakeLeft',
  'myRacingOrders',
  'racingExchangeQuote',
  'myReferrals',
  'myPurse',
  'agentSelfStats',
  'agentPlayers',
  'myAgentSalaries',
  'myPoolTickets',
  'earlySettlementPreparation',
]);

const schema = buildSchema(schemaOf(modules));
const mutations = Object.values(schema.getMutationType()!.getFields()).filter(
  (f) => !NOT_STAFF_OPERATIONS.has(f.name),
);

/** A query or mutation of `field` with sampled variables and the smallest selection. */
const operationOf = (kind: 'query' | 'mutation', field: (typeof mutations)[number]) => {
  const variables = Object.fromEntries(field.args.map((arg) => [arg.name, sample(arg.type)]));
  const declarations = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const returns = getNamedType(field.type);
  const selection = 'getFields' in returns ? ' { __typename }' : '';
  return {
    query: `${kind}${declarations ? `(${declarations})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`,
    variables,
  };
};

const queries = Object.values(schema.getQueryType()!.getFields());
const staffQueries = queries.filter((f) => !PUBLIC_QUERIES.has(f.name) && !PLAYER_QUERIES.has(f.name));

describe('staff queries refuse callers without the permission (default-deny)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('covers a real list of staff queries, and the lists name only real queries', () => {
    expect(staffQueries.length).toBeGreaterThan(20);
    const names = new Set(queries.map((q) => q.name));
    for (const name of [...PUBLIC_QUERIES, ...PLAYER_QUERIES]) expect(names.has(name), name).toBe(true);
  });

  it.each(staffQueries.map((q) => [q.name, q] as const))('%s', async (_name, field) => {
    const { query, variables } = operationOf('query', field);
    const noPermission = await t.gql(query, variables, staff('99', []));
    expect(noPermission.errors?.[0]?.extensions?.code, JSON.stringify(noPermission)).toBe('FORBIDDEN');
    const anonymous = await t.gql(query, variables, null);
    expect(anonymous.errors?.[0]?.extensions?.code, JSON.stringify(anonymous)).toBe('UNAUTHENTICATED');
  });

  it.each([...PLAYER_QUERIES].map((name) => [name, schema.getQueryType()!.getFields()[name]!] as const))(
    'player query %s refuses nobody',
    async (_name, field) => {
      const { query, variables } = operationOf('query', field);
      const anonymous = await t.gql(query, variables, null);
      expect(anonymous.errors?.[0]?.extensions?.code, JSON.stringify(anonymous)).toBe('UNAUTHENTICATED');
    },
  );
});

describe('staff mutations refuse callers without the permission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('covers a real list of staff mutations', () => {
    expect(mutations.length).toBeGreaterThan(20);
  });

  it.each(mutations.map((m) => [m.name, m] as const))('%s', async (_name, field) => {
    const variables = Object.fromEntries(field.args.map((arg) => [arg.name, sample(arg.type)]));
    const declarations = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
    const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const returns = getNamedType(field.type);
    const selection = 'getFields' in returns ? ' { __typename }' : '';
    const query = `mutation${declarations ? `(${declarations})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`;

    const noPermission = await t.gql(query, variables, staff('99', []));
    expect(noPermission.errors?.[0]?.extensions?.code, JSON.stringify(noPermission)).toBe('FORBIDDEN');
    const anonymous = await t.gql(query, variables, null);
    expect(anonymous.errors?.[0]?.extensions?.code, JSON.stringify(anonymous)).toBe('UNAUTHENTICATED');
  });
});

describe('staff mutations check the permission before the input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('refuses out-of-range input from a caller without the permission as FORBIDDEN, not BAD_INPUT', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['mutation { updateCountrySequence(countryId: "1", sequence: 500) { __typename } }', {}],
      ['mutation { updateBookmakerSequence(bookmakerId: "1", sequence: 500) { __typename } }', {}],
      ['mutation { updateCompetition(competitionId: "1", input: { sequence: 500 }) { __typename } }', {}],
      [
        'mutation { updateBettingType(bettingTypeId: 69, input: { marginPercent: "99" }) { __typename } }',
        {},
      ],
      [
        'mutation { importCasinoGameList(providerId: "sandbox", format: "xml", text: "") { __typename } }',
        {},
      ],
      ['mutation { rotateCasinoProviderSecret(id: "nobody") { __typename } }', {}],
      [
        'query { casinoGgrDaily(from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z") { __typename } }',
        {},
      ],
    ];
    for (const [query, variables] of calls) {
      expect((await t.gql(query, variables, staff('99', []))).errors?.[0]?.extensions?.code, query).toBe(
        'FORBIDDEN',
      );
    }
  });
});
