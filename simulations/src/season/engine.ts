/**
 * The season replay (issue 17 items 1–3; docs/simulations.md): matchday by matchday, fit the team
 * ratings on earlier matches only, price every match with the scenario's margins (domain
 * `priceMatch`), let the bettors choose, place each bet through the bet decider and take its stake
 * through the wallet decider, settle every leg on the real result with the bet decider (domain
 * settlement), credit winnings through the wallet decider, and append every event to the event store.
 * The pool games (pool.ts), half-time cash-out (cashout.ts) and virtual racing (racing.ts) run on the
 * same wallets and the same append path.
 */
import {
  betDecider,
  betStream,
  decideWallet,
  evolveBet,
  evolveWallet,
  priceMatch,
  removeMargin,
  resolveBetConfig,
  stakeLimits,
  walletCommandsFor,
  walletDecider,
  walletStream,
  type BetCashedOut,
  type BetCommand,
  type BetConfig,
  type BetEvent,
  type BetPlaced,
  type BetState,
  type Leg,
  type Market,
  type PlacedLeg,
  type PricedMarket,
  type Settlement,
  type SimulationPayments,
  type WalletCommand,
  type WalletEvent,
  type WalletState,
} from '@bashiri/domain';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import { toData } from './event-data.ts';
import { DataError, hasSeason, loadSeason, previousSeason, type SeasonMatch } from './data.ts';
import {
  ACTIVITY_FACTOR,
  buildMenu,
  chooseLegs,
  DEFAULT_STAKES,
  drawBehaviour,
  drawStake,
  type Bettor,
  type Offer,
} from './bettors.ts';
import {
  cashOutConfigOf,
  fullTimePayout,
  halfTimeCashOut,
  matchdayRates,
  winningAtHalfTime,
  type CashOutRecord,
} from './cashout.ts';
import { PoolRun, type PoolRunResult, type PoolWallets } from './pool.ts';
import { betTypeMixOf, RacingRun, type RacingRunResult, type RacingWallets } from './racing.ts';
import { rngFor, type Rng } from './rand.ts';
import { fitTeamRatings, predictRates } from './ratings.ts';
import { appendBatch, type EventSink } from './sink.ts';
import { poolTermsOf, racingConfigOf, type Behaviour, type Scenario } from './scenario.ts';

/** A settled bet as the report needs it (amounts copied from the `BetSettled` event, TZS). */
export interface BetRecord {
  readonly betId: string;
  readonly userId: string;
  readonly behaviour: Behaviour;
  /** League of the legs, or `mixed`. */
  readonly league: string;
  /** EAT month of placement, `yyyy-mm`. */
  readonly month: string;
  /** The market of a single, or `multiple`. */
  readonly marketType: Market | 'multiple';
  readonly legs: number;
  readonly stake: number;
  readonly totalOdds: string;
  readonly settlement: Settlement;
  readonly description: string;
}

/** One match's 1X2 probabilities, ours and the market's, and what happened (calibration). */
export interface CalibrationRow {
  readonly matchId: string;
  readonly league: string;
  /** Our fair probabilities home, draw, away (the model before margin). */
  readonly ours: readonly [number, number, number];
  /** The bookmakers' closing prices with the margin removed (power method), when present. */
  readonly market: readonly [number, number, number] | null;
  /** 0 home win, 1 draw, 2 away win. */
  readonly outcome: 0 | 1 | 2;
}

/** Money in and out of the wallets (TZS), counted as the run goes: the domain's `SimulationPayments`. */
export type PaymentTotals = { -readonly [K in keyof SimulationPayments]: SimulationPayments[K] };

export interface SimulationResult {
  readonly bets: BetRecord[];
  readonly calibration: CalibrationRow[];
  readonly payments: PaymentTotals;
  readonly matchdays: number;
  readonly matchdaysTotal: number;
  readonly matches: number;
  /** True when stopped (Ctrl-C) before the last matchday: the report covers `matchdays` only. */
  readonly stopped: boolean;
  readonly bettors: number;
  /** Bets cashed out at half-time (cashout.ts); not in `bets`. */
  readonly cashOuts: CashOutRecord[];
  /** The pool games (pool.ts), or null when the population has no `pool_player`. */
  readonly pools: PoolRunResult | null;
  /** Virtual racing (racing.ts), or null when the population has no `racing_player` or no rounds a day. */
  readonly racing: RacingRunResult | null;
  /** The stream-name prefix of this run's users and bets. */
  readonly runId: string;
}

export interface RunOptions {
  /**
   * Where the events go: an event store, or a worker sink (`openWorkerSink`) so that the inserts run
   * beside the simulation. Only `appendToStreams` is used.
   */
  readonly store: EventSink;
  readonly dataDir: string;
  readonly signal?: AbortSignal;
  readonly onMatchday?: (done: number, total: number) => void;
}

/** Matches grouped by matchday (EAT date), in date order. */
export interface Matchday {
  readonly date: string;
  readonly matches: readonly SeasonMatch[];
}

/** Loads the scenario's seasons (and warm-up seasons) from `dataDir`. Throws `DataError`. */
export const loadScenarioData = (
  scenario: Scenario,
  dataDir: string,
): { matchdays: Matchday[]; history: SeasonMatch[] } => {
  const played: SeasonMatch[] = [];
  const history: SeasonMatch[] = [];
  for (const league of scenario.leagues) {
    for (const season of scenario.seasons) {
      const matches = loadSeason(dataDir, league, season);
      const days = [...new Set(matches.map((m) => m.matchday))].sort();
      const kept = scenario.maxMatchdays === undefined ? days : days.slice(0, scenario.maxMatchdays);
      const keep = new Set(kept);
      played.push(...matches.filter((m) => keep.has(m.matchday)));
      const before = previousSeason(season);
      if (scenario.warmUp && !scenario.seasons.includes(before) && hasSeason(dataDir, league, before))
        history.push(...loadSeason(dataDir, league, before));
    }
  }
  if (played.length === 0) throw new DataError('the scenario selects no matches');
  const byDay = new Map<string, SeasonMatch[]>();
  for (const m of played.sort((a, b) => a.kickoff - b.kickoff || a.id.localeCompare(b.id))) {
    const list = byDay.get(m.matchday);
    if (list) list.push(m);
    else byDay.set(m.matchday, [m]);
  }
  return {
    matchdays: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, matches]) => ({ date, matches })),
    history,
  };
};

const iso = (ms: number) => new Date(ms).toISOString();
const eatMonth = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 7);
const outcomeOf = (m: SeasonMatch): 0 | 1 | 2 =>
  m.fullTime.home > m.fullTime.away ? 0 : m.fullTime.home === m.fullTime.away ? 1 : 2;

/**
 * Prices the matches of one matchday with NO lookahead: ratings of each league fitted only on
 * `known` matches that kicked off before the matchday's first kick-off. Markets on the first half are
 * left out for a match whose file has no half-time score.
 */
export const priceMatchday = (
  day: Matchday,
  known: readonly SeasonMatch[],
  scenario: Pick<Scenario, 'marginPercent'>,
): { match: SeasonMatch; markets: PricedMarket[]; ours: [number, number, number] }[] => {
  const start = Math.min(...day.matches.map((m) => m.kickoff));
  const earlier = known.filter((m) => m.kickoff < start);
  const ratings = new Map<string, ReturnType<typeof fitTeamRatings>>();
  const { default: defaultMargin, ...perMarket } = scenario.marginPercent;
  return day.matches.map((match) => {
    let r = ratings.get(match.league);
    if (!r) {
      r = fitTeamRatings(match.league, earlier, start);
      ratings.set(match.league, r);
    }
    const markets = priceMatch({
      rates: predictRates(r, match.home, match.away),
      config: {
        marginPercent: perMarket as Partial<Record<Market, number>>,
        ...(defaultMargin === undefined ? {} : { defaultMarginPercent: defaultMargin }),
      },
    }).filter((m) => match.halfTime !== null || m.period === 'full_time');
    const threeWay = markets.find((m) => m.market === '1x2' && m.period === 'full_time')!;
    const p = (pick: string) => threeWay.outcomes.find((o) => o.pick === pick)?.probability ?? 0;
    return { match, markets, ours: [p('home'), p('draw'), p('away')] };
  });
};

const offersOf = (match: SeasonMatch, markets: readonly PricedMarket[]): Offer[] => {
  const closing1x2 = match.closing.oneXTwo
    ? removeMargin(
        [match.closing.oneXTwo.home, match.closing.oneXTwo.draw, match.closing.oneXTwo.away],
        'power',
      )
    : undefined;
  const closingOu = match.closing.overUnder25
    ? removeMargin([match.closing.overUnder25.over, match.closing.overUnder25.under], 'power')
    : undefined;
  const out: Offer[] = [];
  for (const market of markets) {
    for (const o of market.outcomes) {
      if (o.status !== 'open' || o.odds === null || !o.offered) continue;
      let closingFair: number | undefined;
      if (market.market === '1x2' && market.period === 'full_time' && closing1x2)
        closingFair = closing1x2[['home', 'draw', 'away'].indexOf(o.pick)];
      if (market.market === 'over_under' && market.line === '2.5' && closingOu)
        closingFair = closingOu[o.pick === 'over' ? 0 : 1];
      out.push({
        matchId: match.id,
        league: match.league,
        home: match.home,
        away: match.away,
        kickoff: match.kickoff,
        market: market.market,
        period: market.period,
        ...(o.line === undefined ? {} : { line: o.line }),
        pick: o.pick,
        odds: o.odds,
        price: Number(o.odds),
        ...(closingFair === undefined ? {} : { closingFair }),
      });
    }
  }
  return out;
};

const legOf = (o: Offer): Leg =>
  ({
    market: o.market,
    period: o.period,
    pick: o.pick,
    odds: o.odds,
    ...(o.line === undefined ? {} : { line: o.line }),
  }) as Leg;

const placedLeg = (o: Offer): PlacedLeg => {
  const marketId = `${o.matchId}:${o.market}:${o.period}${o.line === undefined ? '' : `:${o.line}`}`;
  return {
    matchId: o.matchId,
    selectionId: `${marketId}:${o.pick}`,
    marketId,
    marketName: `${o.period === 'first_half' ? 'first half ' : ''}${o.market.replaceAll('_', ' ')}${o.line === undefined ? '' : ` ${o.line}`}`,
    selectionName: o.pick,
    home: o.home,
    away: o.away,
    startTime: iso(o.kickoff),
    eventStatus: 1,
    leg: legOf(o),
  };
};

/** A short id for the run's streams from the scenario name and seed (the same run, the same ids). */
export const runIdOf = (scenario: Pick<Scenario, 'name' | 'seed'>): string => {
  let h = 2166136261;
  for (const ch of `${scenario.name}#${scenario.seed}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return `sim${(h >>> 0).toString(36)}`;
};

/** The population: `count` bettors with a behaviour from the mix and a first deposit (seeded). */
export const buildPopulation = (scenario: Scenario, runId: string): Bettor[] => {
  const rng = rngFor(scenario.seed, 'population');
  const { deposit } = scenario.bettors;
  return Array.from({ length: scenario.bettors.count }, (_, i) => {
    const behaviour = drawBehaviour(rng, scenario.bettors.mix);
    const firstDeposit = Math.max(
      1_000,
      Math.round(rng.logNormal(deposit.medianTzs, deposit.sigma) / 100) * 100,
    );
    return { userId: `${runId}-u${i + 1}`, behaviour, firstDeposit };
  });
};

const SYSTEM = { kind: 'system' as const, id: 'simulation' };

/**
 * Matchdays whose appends may still be on their way while the next matchday is simulated: the
 * simulation runs ahead of the store by at most this many matchdays (bounded memory; a failed append
 * stops the run within as many matchdays).
 */
export const MATCHDAYS_IN_FLIGHT = 2;

/**
 * Runs `scenario` against `options.store`. Stops cleanly between matchdays when `options.signal`
 * aborts (`stopped: true`; everything appended so far stays). Throws `DataError` on bad data and the
 * store's errors on a failed append (e.g. a kept store that already holds this run).
 */
export const runSimulation = async (scenario: Scenario, options: RunOptions): Promise<SimulationResult> => {
  const { matchdays, history } = loadScenarioData(scenario, options.dataDir);
  const runId = runIdOf(scenario);
  const config: BetConfig = resolveBetConfig(scenario.config);
  const limits = stakeLimits(config, 1);
  const bettors = buildPopulation(scenario, runId);
  const wallets = new Map<string, { state: WalletState; version: number }>();
  const bets: BetRecord[] = [];
  const calibration: CalibrationRow[] = [];
  const payments: PaymentTotals = {
    deposits: 0,
    depositCount: 0,
    withdrawals: 0,
    withdrawalCount: 0,
    rejectedBets: 0,
  };
  const known: SeasonMatch[] = [...history];
  let serial = 0;
  let done = 0;
  let matches = 0;
  const stakeOf = (b: Behaviour) => scenario.bettors.stakes[b] ?? DEFAULT_STAKES[b];
  const cashOuts: CashOutRecord[] = [];
  const cashOutConfig = cashOutConfigOf(scenario.cashOutMarginPercent);
  const { cashOutShare } = scenario.bettors;
  const poolPlayers = bettors.filter((b) => b.behaviour === 'pool_player');
  const pools =
    poolPlayers.length === 0
      ? null
      : new PoolRun({
          runId,
          terms: poolTermsOf(scenario),
          players: poolPlayers,
          activity: scenario.bettors.activity,
          taxRatePercent: config.taxRatePercent,
        });
  const racingPlayers = bettors.filter((b) => b.behaviour === 'racing_player');
  const racing =
    racingPlayers.length === 0 || scenario.racing.roundsPerDay === 0
      ? null
      : new RacingRun({
          runId,
          seed: scenario.seed,
          config: racingConfigOf(scenario),
          roundsPerDay: scenario.racing.roundsPerDay,
          players: racingPlayers,
          activity: scenario.bettors.activity,
          betTypeMix: betTypeMixOf(scenario.racing.betTypeMix),
          stake: stakeOf('racing_player'),
        });
  // Each matchday's appends, not awaited at once: the store (a worker sink) writes matchday N while
  // matchday N + 1 is simulated. The first failure is kept and thrown before the next matchday.
  const inFlight: Promise<void>[] = [];
  let failure: { error: unknown } | null = null;
  const settleWrites = async (keep: number) => {
    while (inFlight.length > keep) await inFlight.shift();
    if (failure) throw failure.error;
  };

  for (const [dayIndex, day] of matchdays.entries()) {
    await settleWrites(MATCHDAYS_IN_FLIGHT - 1);
    if (options.signal?.aborted) break;
    const priced = priceMatchday(day, known, scenario);
    const menu = buildMenu(priced.flatMap((p) => offersOf(p.match, p.markets)));
    const first = Math.min(...day.matches.map((m) => m.kickoff));
    const last = Math.max(...day.matches.map((m) => m.kickoff));
    const placeAt = iso(first - 30 * 60_000);
    const settleAt = iso(last + 2 * 3_600_000);
    const walletPending = new Map<string, WalletEvent[]>();
    const betAppends: StreamAppendRequest[] = [];
    const rng = rngFor(scenario.seed, `matchday:${day.date}`);

    const wallet = (userId: string) => {
      let w = wallets.get(userId);
      if (!w) {
        w = { state: evolveWalletNone(), version: 0 };
        wallets.set(userId, w);
      }
      return w;
    };
    const runWallet = (cmd: WalletCommand): boolean => {
      const w = wallet(cmd.userId);
      const decision = decideWallet(cmd, w.state);
      if (!decision.ok) return false;
      const pending = walletPending.get(cmd.userId) ?? [];
      for (const e of decision.events) {
        w.state = evolveWallet(w.state, e);
        pending.push(e);
      }
      walletPending.set(cmd.userId, pending);
      return true;
    };
    const runBet = (state: BetState, events: BetEvent[], cmd: BetCommand): BetState => {
      const decision = betDecider.decide(cmd, state);
      if (!decision.ok)
        throw new Error(`simulation: bet ${cmd.betId}: ${decision.error.code} ${decision.error.message}`);
      let s = state;
      for (const e of decision.events) {
        s = evolveBet(s, e);
        events.push(e);
      }
      return s;
    };

    /** A deposit when the balance is short of `stake`; false when the bettor sits the bet out. */
    const fund = (bettor: Bettor, stake: number, r: Rng, at: string): boolean => {
      const w = wallet(bettor.userId);
      if (w.state.balance >= stake) return true;
      const firstTime = w.version === 0 && !walletPending.has(bettor.userId) && w.state.movementCount === 0;
      if (!firstTime && !r.chance(0.8)) return false;
      const amount = Math.max(
        firstTime ? bettor.firstDeposit : Math.round(bettor.firstDeposit / 2 / 100) * 100,
        stake,
      );
      const paymentId = `${bettor.userId}-d${w.state.movementCount + 1}`;
      runWallet({
        type: 'CreditDeposit',
        userId: bettor.userId,
        movementId: `deposit:${paymentId}`,
        at,
        actor: SYSTEM,
        paymentId,
        channel: 'push',
        amount,
      });
      payments.deposits += amount;
      payments.depositCount += 1;
      return true;
    };
    const poolWallets: PoolWallets = { run: runWallet, fund };
    // Virtual racing: the day's rounds (08:00 EAT on), before the football bets (racing players bet no football).
    const racingWallets: RacingWallets = { ...poolWallets, state: (userId) => wallet(userId).state };
    const racingAppends =
      racing?.day(day.date, rngFor(scenario.seed, `racing:${day.date}`), racingWallets) ?? [];
    const cashOutRng = rngFor(scenario.seed, `cashout:${day.date}`);
    const ratesOf = matchdayRates(known, first);
    pools?.open(
      first,
      matchdays.slice(dayIndex).flatMap((d) => d.matches),
      known,
      rngFor(scenario.seed, `pool:${day.date}`),
      poolWallets,
    );

    for (const bettor of bettors) {
      if (!rng.chance(scenario.bettors.activity * ACTIVITY_FACTOR[bettor.behaviour])) continue;
      const slips = chooseLegs(bettor.behaviour, menu, rng);
      for (const legs of slips) {
        const { medianTzs, sigma } = stakeOf(bettor.behaviour);
        const stake = drawStake(rng, medianTzs, sigma, limits);
        if (!fund(bettor, stake, rng, iso(first - 31 * 60_000))) continue;
        serial += 1;
        const betId = `${runId}-b${serial}`;
        const events: BetEvent[] = [];
        let state = runBet(betDecider.initialState(), events, {
          type: 'PlaceBet',
          betId,
          at: placeAt,
          serial: `S${serial}`,
          userId: bettor.userId,
          orderType: 'user',
          actor: { kind: 'player', id: bettor.userId },
          payType: 1,
          stake,
          legs: legs.map(placedLeg),
          config,
          configVersion: `scenario:${scenario.name}`,
          taxRule: null,
        });
        const placed = (events[0] as BetPlaced).data;
        const debit = walletCommandsFor(placed, events[0]!)[0]!;
        if (!runWallet(debit)) {
          runBet(state, events, {
            type: 'RejectBet',
            betId,
            at: placeAt,
            code: 'INSUFFICIENT_FUNDS',
            reason: 'balance below stake',
          });
          payments.rejectedBets += 1;
          betAppends.push({
            streamName: betStream(betId),
            events: toData(betStream(betId), events, 0),
            expectedVersion: 0,
          });
          continue;
        }
        state = runBet(state, events, {
          type: 'RecordStakePaid',
          betId,
          at: placeAt,
          movementId: debit.movementId,
        });
        // Half-time cash-out of a single winning at half-time (cashout.ts): settled early, not on the result.
        const single = legs.length === 1 ? day.matches.find((x) => x.id === legs[0]!.matchId)! : null;
        if (
          single &&
          cashOutShare > 0 &&
          winningAtHalfTime(legOf(legs[0]!), single) &&
          cashOutRng.chance(cashOutShare)
        ) {
          const cmd = halfTimeCashOut(
            state,
            single,
            ratesOf(single),
            cashOutConfig,
            iso(single.kickoff + 50 * 60_000),
          );
          if (cmd) {
            runBet(state, events, cmd);
            const cashed = events[events.length - 1] as BetCashedOut;
            for (const w of walletCommandsFor(placed, cashed))
              if (!runWallet(w)) throw new Error(`simulation: wallet refused ${w.type} of bet ${betId}`);
            cashOuts.push({
              betId,
              userId: bettor.userId,
              behaviour: bettor.behaviour,
              stake,
              value: cashed.data.gross ?? cashed.data.amount,
              tax: cashed.data.tax ?? 0,
              net: cashed.data.amount,
              fairValue: cashed.data.pricing?.fairValue ?? cashed.data.amount,
              wouldHavePaid: fullTimePayout(legOf(legs[0]!), stake, single),
            });
            betAppends.push({
              streamName: betStream(betId),
              events: toData(betStream(betId), events, 0),
              expectedVersion: 0,
            });
            continue;
          }
        }
        for (const o of legs) {
          const m = day.matches.find((x) => x.id === o.matchId)!;
          state = runBet(state, events, {
            type: 'SettleLeg',
            betId,
            at: settleAt,
            matchId: m.id,
            facts: { status: 'played', fullTime: m.fullTime, halfTime: m.halfTime ?? { home: 0, away: 0 } },
            factsRevision: 1,
          });
        }
        const settled = events.find((e) => e.type === 'BetSettled');
        if (!settled || settled.type !== 'BetSettled')
          throw new Error(`simulation: bet ${betId} did not settle`);
        for (const cmd of walletCommandsFor(placed, settled))
          if (!runWallet(cmd)) throw new Error(`simulation: wallet refused ${cmd.type} of bet ${betId}`);
        const leagues = new Set(legs.map((l) => l.league));
        bets.push({
          betId,
          userId: bettor.userId,
          behaviour: bettor.behaviour,
          league: leagues.size === 1 ? [...leagues][0]! : 'mixed',
          month: eatMonth(first),
          marketType: legs.length === 1 ? legs[0]!.market : 'multiple',
          legs: legs.length,
          stake,
          totalOdds: placed.quote.totalOdds,
          settlement: settled.data.settlement,
          description: legs
            .map((l) => `${l.home}–${l.away} ${placedLeg(l).marketName} ${l.pick} @ ${l.odds}`)
            .join('; '),
        });
        betAppends.push({
          streamName: betStream(betId),
          events: toData(betStream(betId), events, 0),
          expectedVersion: 0,
        });
      }
    }
    if (pools) betAppends.push(...pools.settle(day.matches, poolWallets));
    // Withdrawals after settlement: a bettor well ahead takes the excess over the first deposit out.
    // Racing players draw from their own generator, so a racing what-if (odds, taxes) leaves the football
    // bettors' draws, and the football figures, as they were.
    const racingWithdrawals = rngFor(scenario.seed, `racing-withdrawal:${day.date}`);
    for (const bettor of bettors) {
      const w = wallets.get(bettor.userId);
      const r = bettor.behaviour === 'racing_player' ? racingWithdrawals : rng;
      if (!w || w.state.balance < 3 * bettor.firstDeposit || !r.chance(0.5)) continue;
      const amount = Math.floor((w.state.balance - bettor.firstDeposit) / 100) * 100;
      const paymentId = `${bettor.userId}-w${w.state.movementCount + 1}`;
      const base = {
        userId: bettor.userId,
        at: iso(last + 2 * 3_600_000 + 60_000),
        actor: SYSTEM,
        paymentId,
      };
      if (runWallet({ type: 'ReserveWithdrawal', ...base, movementId: `withdraw:${paymentId}`, amount })) {
        runWallet({ type: 'ConfirmWithdrawal', ...base, movementId: `withdraw-paid:${paymentId}` });
        payments.withdrawals += amount;
        payments.withdrawalCount += 1;
      }
    }
    const walletAppends: StreamAppendRequest[] = [...walletPending.entries()].map(([userId, events]) => {
      const w = wallets.get(userId)!;
      const from = w.version;
      w.version += events.length;
      return {
        streamName: walletStream(userId),
        events: toData(walletStream(userId), events, from),
        expectedVersion: from,
      };
    });
    inFlight.push(
      appendBatch(options.store, [...walletAppends, ...betAppends, ...racingAppends]).catch(
        (error: unknown) => {
          failure ??= { error };
        },
      ),
    );
    for (const p of priced)
      calibration.push({
        matchId: p.match.id,
        league: p.match.league,
        ours: p.ours,
        market: p.match.closing.oneXTwo
          ? (removeMargin(
              [p.match.closing.oneXTwo.home, p.match.closing.oneXTwo.draw, p.match.closing.oneXTwo.away],
              'power',
            ) as [number, number, number])
          : null,
        outcome: outcomeOf(p.match),
      });
    known.push(...day.matches);
    matches += day.matches.length;
    done += 1;
    options.onMatchday?.(done, matchdays.length);
  }
  await settleWrites(0);
  return {
    bets,
    calibration,
    payments,
    matchdays: done,
    matchdaysTotal: matchdays.length,
    matches,
    stopped: done < matchdays.length,
    bettors: bettors.length,
    cashOuts,
    pools: pools?.result() ?? null,
    racing: racing?.result() ?? null,
    runId,
  };
};

const evolveWalletNone = (): WalletState => walletDecider.initialState();
