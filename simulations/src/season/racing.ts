/**
 * Virtual racing in the season replay (issue 17 items 1–4; docs/simulations.md "Virtual racing"; the game:
 * docs/racing.md; decision 0182): on each matchday `roundsPerDay` ten-car rounds on the real schedule
 * (`roundsBetween`, a round every 3 minutes from 08:00 EAT), each scheduled with the hash of its seed,
 * drawn by the real provably fair draw (`DrawRound` → `drawOrder`) and settled by the real payout code
 * (`SettleRacingBet` → `settleRacingOrder`); `racing_player` bettors buy racing coin from their balance
 * (bill 15), place orders through the racing order decider, pay and are paid in racing coin through the
 * wallet decider (`racingWalletCommand`, bills 13 and 14), and sell their coin back at the end of the
 * day with probability {@link RACING_SELL_BACK_CHANCE} (bill 16, taxed at `convert_tax_rate`).
 *
 * Seeds are **derived**, not drawn from `crypto.randomBytes` as the server does: seed of a round =
 * HMAC-SHA256(key = `bashiri-simulation-racing:<scenario seed>`, message = round id) as 64 hex
 * characters (a valid server seed), so the same scenario and seed give the same draws and the same
 * report. The draw itself is the product's, from that seed.
 */
import { createHmac } from 'node:crypto';
import {
  CARS,
  DEFAULT_RACING_SCHEDULE,
  decideRacingBet,
  decideRound,
  evolveRacingBet,
  evolveRound,
  exactRtp,
  exchangeQuote,
  initialRacingBetState,
  initialRoundState,
  poolPerTicket,
  RACING_BET_TYPES,
  racingWalletCommand,
  RacingBetType,
  roundsBetween,
  seedHash,
  tenOfTenTickets,
  ticketsOf,
  oddsOf,
  type RacingBetCommand,
  type RacingBetEvent,
  type RacingBetPlaced,
  type RacingBetState,
  type RacingConfig,
  type RacingSelection,
  type Ratio,
  type RoundCommand,
  type RoundEvent,
  type RoundState,
  type SimulationRacing,
  type SimulationRacingBetType,
  type WalletState,
} from '@bashiri/domain';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import { toData } from './event-data.ts';
import type { Bettor } from './bettors.ts';
import type { PoolWallets } from './pool.ts';
import { shuffled, weightedPick, type Rng } from './rand.ts';
import { RACING_BET_TYPE_NAMES, type RacingBetTypeName } from './scenario.ts';

/** Default weights of the bet types a racing player picks (docs/simulations.md "Virtual racing"). */
export const DEFAULT_RACING_BET_TYPE_MIX: Readonly<Record<RacingBetTypeName, number>> = {
  champion: 30,
  championAndRunnerUp: 10,
  topThree: 5,
  oddEven: 25,
  bigSmall: 20,
  luckRacing: 10,
};
/** A racing player places an order in a round with probability `activity` × this. */
export const RACING_ROUND_ACTIVITY = 0.5;
/** Chance that a racing player sells all their racing coin back to the balance after a day's rounds. */
export const RACING_SELL_BACK_CHANCE = 0.5;
/** Racing coin bought at least at once: this share of the player's first deposit (then rounded to 100). */
export const RACING_COIN_TOP_UP_SHARE = 0.25;
/** The day's first round opens at this EAT hour on the matchday's date. */
export const RACING_FIRST_ROUND_EAT_HOUR = 8;
/** Orders are placed this many seconds after the round opens (before its 160 s window closes). */
const PLACE_AFTER_SECONDS = 60;
/** Largest racing wins kept in the report. */
const LARGEST_WINS = 10;

/** What racing needs of the engine's wallets: the pool games' path and each wallet's state. */
export interface RacingWallets extends PoolWallets {
  state(userId: string): WalletState;
}

/** The derived server seed of a simulated round (64 lowercase hex characters; see the module comment). */
export const simulatedSeed = (scenarioSeed: number, roundId: string): string =>
  createHmac('sha256', `bashiri-simulation-racing:${scenarioSeed}`).update(roundId).digest('hex');

/** The rounds of a matchday (`date` = EAT `yyyy-mm-dd`): `count` consecutive slots of the real schedule from 08:00 EAT. */
export const racingSlots = (date: string, count: number) => {
  const from = Date.parse(`${date}T${String(RACING_FIRST_ROUND_EAT_HOUR).padStart(2, '0')}:00:00+03:00`);
  return count === 0
    ? []
    : roundsBetween(from, from + count * DEFAULT_RACING_SCHEDULE.periodSeconds * 1000).slice(0, count);
};

const CODE_OF: Readonly<Record<RacingBetTypeName, RacingBetType>> = {
  champion: 1,
  championAndRunnerUp: 2,
  topThree: 3,
  oddEven: 4,
  bigSmall: 5,
  luckRacing: 6,
};

/** The bet type mix in force: the scenario's weights, or the defaults when it gives none. */
export const betTypeMixOf = (
  mix: Partial<Record<RacingBetTypeName, number>>,
): Readonly<Record<RacingBetTypeName, number>> =>
  Object.keys(mix).length === 0
    ? DEFAULT_RACING_BET_TYPE_MIX
    : (Object.fromEntries(RACING_BET_TYPE_NAMES.map((n) => [n, mix[n] ?? 0])) as Record<
        RacingBetTypeName,
        number
      >);

/** A bet type drawn with the mix's weights (spec order). */
export const drawBetType = (rng: Rng, mix: Readonly<Record<RacingBetTypeName, number>>): RacingBetType =>
  CODE_OF[
    weightedPick(
      rng,
      RACING_BET_TYPE_NAMES.map((n) => [n, mix[n]] as const),
    )
  ];

/** `k` distinct cars in a random order. */
const distinctCars = (rng: Rng, k: number): number[] => shuffled(rng, CARS).slice(0, k);

/**
 * A racing player's picks for a bet type: champion 1–3 cars (uniform), champion and runner-up and top
 * three one car per position (distinct), odd/even and big/small one option, Luck Racing one ticket (a
 * random order of the ten cars).
 */
export const drawSelection = (rng: Rng, betType: RacingBetType): RacingSelection => {
  switch (betType) {
    case RacingBetType.Champion:
      return { betType, positions: [distinctCars(rng, 1 + rng.int(3)).sort((a, b) => a - b)] };
    case RacingBetType.ChampionAndRunnerUp:
      return { betType, positions: distinctCars(rng, 2).map((c) => [c]) };
    case RacingBetType.TopThree:
      return { betType, positions: distinctCars(rng, 3).map((c) => [c]) };
    case RacingBetType.OddEven:
      return { betType, options: [rng.chance(0.5) ? 'odd' : 'even'] };
    case RacingBetType.BigSmall:
      return { betType, options: [rng.chance(0.5) ? 'big' : 'small'] };
    case RacingBetType.LuckRacing:
      return { betType, positions: distinctCars(rng, 10).map((c) => [c]) };
  }
};

/**
 * The single amount of an order: Luck Racing's fixed stake, else log-normal (median, σ) rounded to 100
 * TZS, at least the racing minimum, and so that tickets × single stays within `maxBetAmount`.
 */
export const drawSingleAmount = (
  rng: Rng,
  selection: RacingSelection,
  config: RacingConfig,
  stake: { medianTzs: number; sigma: number },
): number => {
  if (selection.betType === RacingBetType.LuckRacing) return config.jackpotBetAmount;
  const raw = Math.round(rng.logNormal(stake.medianTzs, stake.sigma) / 100) * 100;
  const max = Math.floor(config.maxBetAmount / ticketsOf(selection) / 100) * 100;
  return Math.min(Math.max(raw, config.minimumBetAmount, 100), max);
};

/** A settled racing order as the report needs it (amounts from its `RacingBetSettled`, TZS). */
export interface RacingOrderRecord {
  readonly betId: string;
  readonly userId: string;
  readonly betType: RacingBetType;
  readonly tickets: number;
  readonly amount: number;
  readonly gross: number;
  readonly tax: number;
  readonly payout: number;
  readonly tenOfTen: number;
  readonly poolShare: number;
  readonly description: string;
}

/** Racing of a run, as the engine hands it to the report. */
export interface RacingRunResult {
  readonly roundsPerDay: number;
  readonly rounds: number;
  readonly config: RacingConfig;
  readonly orders: RacingOrderRecord[];
  readonly coinBought: number;
  readonly coinSold: number;
  readonly exchangeTax: number;
  readonly rejectedOrders: number;
}

/** Options of a {@link RacingRun}. */
export interface RacingRunOptions {
  readonly runId: string;
  /** The scenario's seed (the round seeds derive from it). */
  readonly seed: number;
  readonly config: RacingConfig;
  readonly roundsPerDay: number;
  readonly players: readonly Bettor[];
  readonly activity: number;
  readonly betTypeMix: Readonly<Record<RacingBetTypeName, number>>;
  readonly stake: { readonly medianTzs: number; readonly sigma: number };
}

const SYSTEM = { kind: 'system' as const, id: 'simulation' };
const at = (ms: number) => new Date(ms).toISOString();

const describeOrder = (s: RacingSelection, order: readonly number[]): string => {
  const picks =
    'positions' in s
      ? s.positions.map((cars) => (cars.length === 1 ? String(cars[0]) : `{${cars.join(',')}}`)).join(' ')
      : s.options.join(',');
  return `type ${s.betType} ${picks} · order ${order.join(',')}`;
};

/**
 * Virtual racing of one run: {@link RacingRun.day} runs a matchday's rounds and returns their appends
 * (each stream once: orders first, then the round, then nothing else; the wallets' events go through
 * the engine's wallet path).
 */
export class RacingRun {
  private rounds = 0;
  private orderSerial = 0;
  private coinBought = 0;
  private coinSold = 0;
  private exchangeTax = 0;
  private rejected = 0;
  private readonly orders: RacingOrderRecord[] = [];

  constructor(private readonly options: RacingRunOptions) {}

  /** Runs the rounds of matchday `date` (EAT) with `rng`; returns the round and order appends. */
  day(date: string, rng: Rng, wallets: RacingWallets): StreamAppendRequest[] {
    const { config, players, runId } = this.options;
    const appends: StreamAppendRequest[] = [];
    for (const slot of racingSlots(date, this.options.roundsPerDay)) {
      const roundId = `${runId}-${slot.roundId}`;
      const seed = simulatedSeed(this.options.seed, roundId);
      const roundEvents: RoundEvent[] = [];
      let round = initialRoundState();
      const runRound = (cmd: RoundCommand) => {
        const d = decideRound(cmd, round);
        if (!d.ok) throw new Error(`simulation: round ${roundId}: ${d.error.code} ${d.error.message}`);
        for (const e of d.events) {
          round = evolveRound(round, e);
          roundEvents.push(e);
        }
      };
      runRound({
        type: 'ScheduleRound',
        roundId,
        at: slot.startingBetTime,
        seedHash: seedHash(seed),
        startingBetTime: slot.startingBetTime,
        endBetTime: slot.endBetTime,
        drawTime: slot.drawTime,
        noBet: config.noBet,
      });
      const placeAt = at(Date.parse(slot.startingBetTime) + PLACE_AFTER_SECONDS * 1000);
      const placed: { state: RacingBetState; events: RacingBetEvent[] }[] = [];
      for (const bettor of players) {
        if (!rng.chance(this.options.activity * RACING_ROUND_ACTIVITY)) continue;
        const order = this.place(bettor, roundId, round, placeAt, rng, wallets);
        if (order) placed.push(order);
      }
      runRound({ type: 'DrawRound', roundId, at: slot.drawTime, seed });
      const finishing = round.order!;
      let tenOfTen = 0;
      for (const o of placed) tenOfTen += tenOfTenTickets(o.state.placed!.selection, finishing);
      const perTicket = poolPerTicket(config.prizePool, tenOfTen);
      let staked = 0;
      let paid = 0;
      for (const o of placed) {
        const bet = o.state.placed!;
        const d = decideRacingBet(
          {
            type: 'SettleRacingBet',
            betId: bet.betId,
            roundId,
            order: finishing,
            poolPerTicket: perTicket,
            at: slot.drawTime,
          },
          o.state,
        );
        if (!d.ok) throw new Error(`simulation: racing order ${bet.betId}: ${d.error.code}`);
        for (const e of d.events) {
          o.state = evolveRacingBet(o.state, e);
          o.events.push(e);
          const credit = racingWalletCommand(e, bet, SYSTEM);
          if (credit && !wallets.run(credit))
            throw new Error(`simulation: wallet refused ${credit.type} of racing order ${bet.betId}`);
        }
        const payout = o.state.payout!;
        staked += bet.amount;
        paid += payout.gross;
        this.orders.push({
          betId: bet.betId,
          userId: bet.userId,
          betType: bet.selection.betType,
          tickets: bet.tickets,
          amount: bet.amount,
          gross: payout.gross,
          tax: payout.tax,
          payout: payout.payout,
          tenOfTen: payout.tenOfTenTickets,
          poolShare: payout.poolShare,
          description: describeOrder(bet.selection, finishing),
        });
        const stream = `racingbet-${bet.betId}`;
        appends.push({ streamName: stream, events: toData(stream, o.events, 0), expectedVersion: 0 });
      }
      runRound({ type: 'SettleRound', roundId, at: slot.drawTime, orders: placed.length, staked, paid });
      const stream = `racing-${roundId}`;
      appends.push({ streamName: stream, events: toData(stream, roundEvents, 0), expectedVersion: 0 });
      this.rounds += 1;
    }
    if (this.options.roundsPerDay > 0) this.sellBack(date, rng, wallets);
    return appends;
  }

  /** One player's order in an open round: coin bought first when short, then the decider and the debit. */
  private place(
    bettor: Bettor,
    roundId: string,
    round: RoundState,
    placeAt: string,
    rng: Rng,
    wallets: RacingWallets,
  ): { state: RacingBetState; events: RacingBetEvent[] } | null {
    const { config } = this.options;
    const betType = drawBetType(rng, this.options.betTypeMix);
    const selection = drawSelection(rng, betType);
    const single = drawSingleAmount(rng, selection, config, this.options.stake);
    const amount = single * ticketsOf(selection);
    const coin = wallets.state(bettor.userId).racingCoin;
    if (coin < amount) {
      const buy = Math.max(
        amount - coin,
        Math.round((bettor.firstDeposit * RACING_COIN_TOP_UP_SHARE) / 100) * 100,
      );
      const before = at(Date.parse(placeAt) - 30_000);
      if (!wallets.fund(bettor, buy, rng, before)) return null;
      const n = wallets.state(bettor.userId).movementCount + 1;
      if (
        !wallets.run({
          type: 'ConvertToRacingCoin',
          userId: bettor.userId,
          movementId: `racing-exchange:${bettor.userId}-x${n}`,
          at: before,
          actor: { kind: 'player', id: bettor.userId },
          amount: buy,
        })
      )
        return null;
      this.coinBought += buy;
    }
    this.orderSerial += 1;
    const betId = `${this.options.runId}-r${this.orderSerial}`;
    const cmd: RacingBetCommand = {
      type: 'PlaceRacingBet',
      betId,
      requestId: betId,
      userId: bettor.userId,
      actor: { kind: 'player', id: bettor.userId },
      roundId,
      selection,
      singleAmount: single,
      config,
      round,
      at: placeAt,
    };
    const d = decideRacingBet(cmd, initialRacingBetState());
    if (!d.ok) throw new Error(`simulation: racing order ${betId}: ${d.error.code} ${d.error.message}`);
    const event = d.events[0] as RacingBetPlaced;
    // An order is stored only with its racing-coin debit: a refused debit leaves no order.
    const debit = racingWalletCommand(event, event.data, { kind: 'player', id: bettor.userId })!;
    if (!wallets.run(debit)) {
      this.rejected += 1;
      return null;
    }
    return { state: evolveRacingBet(initialRacingBetState(), event), events: [event] };
  }

  /** After the day's rounds each racing player holding coin sells it all back with {@link RACING_SELL_BACK_CHANCE}. */
  private sellBack(date: string, rng: Rng, wallets: RacingWallets): void {
    const when = at(Date.parse(racingSlots(date, this.options.roundsPerDay).at(-1)!.drawTime) + 60_000);
    for (const bettor of this.options.players) {
      const w = wallets.state(bettor.userId);
      if (w.racingCoin <= 0 || !rng.chance(RACING_SELL_BACK_CHANCE)) continue;
      const amount = w.racingCoin;
      // The quote the player sees before confirming, by the wallet's own tax rule (domain exchangeQuote).
      const quote = exchangeQuote('toBalance', amount, amount, this.options.config.convertTaxRate);
      if (!quote.ok) throw new Error(`simulation: racing exchange ${bettor.userId}: ${quote.error.code}`);
      if (
        !wallets.run({
          type: 'ConvertToBalance',
          userId: bettor.userId,
          movementId: `racing-exchange:${bettor.userId}-x${w.movementCount + 1}`,
          at: when,
          actor: { kind: 'player', id: bettor.userId },
          amount,
          taxRate: this.options.config.convertTaxRate,
        })
      )
        throw new Error(`simulation: wallet refused selling ${amount} racing coin of ${bettor.userId}`);
      this.coinSold += amount;
      this.exchangeTax += quote.quote.tax;
    }
  }

  /** The run's racing so far. */
  result(): RacingRunResult {
    return {
      roundsPerDay: this.options.roundsPerDay,
      rounds: this.rounds,
      config: this.options.config,
      orders: this.orders,
      coinBought: this.coinBought,
      coinSold: this.coinSold,
      exchangeTax: this.exchangeTax,
      rejectedOrders: this.rejected,
    };
  }
}

/** An exact ratio as the nearest float (for the report: money stays integer). */
const ratioNumber = (r: Ratio): number => Number(r.num.div(r.den).toString());

/** The racing section of a report. */
export const racingReport = (r: RacingRunResult): SimulationRacing => {
  const sum = (list: readonly RacingOrderRecord[], f: (o: RacingOrderRecord) => number) =>
    list.reduce((a, o) => a + f(o), 0);
  const all = r.orders;
  const handle = sum(all, (o) => o.amount);
  const grossPayout = sum(all, (o) => o.gross);
  const credited = sum(all, (o) => o.payout);
  const byBetType: SimulationRacingBetType[] = RACING_BET_TYPES.map((betType) => {
    const list = all.filter((o) => o.betType === betType);
    const h = sum(list, (o) => o.amount);
    const g = sum(list, (o) => o.gross);
    const exact = exactRtp(betType, r.config);
    return {
      betType,
      odds: betType === RacingBetType.LuckRacing ? null : oddsOf(r.config, betType),
      orders: list.length,
      tickets: sum(list, (o) => o.tickets),
      handle: h,
      grossPayout: g,
      ggr: h - g,
      rtp: h === 0 ? 0 : g / h,
      exactRtp: ratioNumber(exact.rtp),
      exactPoolRtp: ratioNumber(exact.poolRtp),
      withholdingTax: sum(list, (o) => o.tax),
    };
  });
  const largestWins = [...all]
    .filter((o) => o.gross > o.amount)
    .sort((a, b) => b.gross - a.gross || a.betId.localeCompare(b.betId))
    .slice(0, LARGEST_WINS)
    .map((o) => ({
      betId: o.betId,
      userId: o.userId,
      betType: o.betType,
      amount: o.amount,
      grossPayout: o.gross,
      credited: o.payout,
      description: o.description,
    }));
  return {
    roundsPerDay: r.roundsPerDay,
    rounds: r.rounds,
    orders: all.length,
    tickets: sum(all, (o) => o.tickets),
    handle,
    grossPayout,
    ggr: handle - grossPayout,
    hold: handle === 0 ? 0 : (handle - grossPayout) / handle,
    rtp: handle === 0 ? 0 : grossPayout / handle,
    taxRatePercent: r.config.taxRate,
    withholdingTax: sum(all, (o) => o.tax),
    credited,
    convertTaxRatePercent: r.config.convertTaxRate,
    coinBought: r.coinBought,
    coinSold: r.coinSold,
    exchangeTax: r.exchangeTax,
    coinHeldAtEnd: r.coinBought - handle + credited - r.coinSold,
    tenOfTenTickets: sum(all, (o) => o.tenOfTen),
    poolPaid: sum(all, (o) => o.poolShare),
    rejectedOrders: r.rejectedOrders,
    byBetType,
    largestWins,
  };
};
