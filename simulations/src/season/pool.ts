/**
 * Pool games in the season replay (issue 17 items 3–4; docs/simulations.md "Pool games"; the games:
 * docs/pool-games.md): each EAT week a 13-match jackpot issue and a 6-match Lucky Six round built from
 * the season's next matches, `pool_player` bettors buying tickets through the real ticket decider with
 * picks drawn from our model's probabilities, the stakes taken and the prizes credited through the
 * wallet decider (`ticketWalletCommands`), and settlement with the real pool arithmetic (issue decider:
 * tiers, rollover to the next issue, the void rule; ticket decider: prize per line, tax per line).
 *
 * The rule of an issue: on a matchday of an EAT week (Monday–Sunday) in which no issue of the game was
 * created yet, and when the game's previous issue is settled (its carry-over is known), the issue takes
 * the next `guessNumber` matches by kick-off (ties by match id) across the scenario's leagues, from the
 * matchday's first kick-off on; none when fewer remain. It settles after the matchday of its last match.
 */
import {
  type SimulationPoolIssue,
  decideIssue,
  decideTicket,
  evolveIssue,
  evolveTicket,
  headlineProbabilities,
  initialIssueState,
  initialTicketState,
  issueStream,
  issueView,
  lineHitCounts,
  LUCKY_SIX_OUTCOMES,
  minPrizeHits,
  outcomeOfScore,
  poolResultOf,
  scoreMatrix,
  forEachScore,
  ticketShape,
  ticketStream,
  ticketWalletCommands,
  JACKPOT_OUTCOMES,
  type IssueCommand,
  type IssueEvent,
  type IssueState,
  type Pick,
  type PoolGame,
  type PoolMatchResult,
  type PoolSettlement,
  type PoolTerms,
  type TicketCommand,
  type TicketEvent,
  type TicketState,
  type WalletCommand,
} from '@bashiri/domain';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import { toData } from './event-data.ts';
import type { Bettor } from './bettors.ts';
import type { SeasonMatch } from './data.ts';
import type { Rng } from './rand.ts';
import { fitTeamRatings, predictRates } from './ratings.ts';

/** The two pool games, in the order they are run each matchday. */
export const POOL_GAMES: readonly PoolGame[] = ['jackpot', 'luckysix'];

/** A pool player buys a jackpot ticket in a week with probability `activity` × this. */
export const JACKPOT_ACTIVITY = 1;
/** …and a Lucky Six ticket with probability `activity` × this. */
export const LUCKY_SIX_ACTIVITY = 0.5;
/** Most doubles a pool player takes on a jackpot ticket (0 … this, uniform; never above `maxChoose`). */
export const POOL_MAX_DOUBLES = 3;

/** What the pool games need of the engine's wallets (the engine's own wallet path). */
export interface PoolWallets {
  /** Runs `cmd` through the wallet decider; false when refused. */
  run(cmd: WalletCommand): boolean;
  /** Makes sure `bettor` can pay `amount` (a deposit when short); false when the bettor sits it out. */
  fund(bettor: Bettor, amount: number, rng: Rng, at: string): boolean;
}

/**
 * One issue of the run as the report shows it (the domain's `SimulationPoolIssue`, its game typed).
 * Amounts TZS.
 */
export type PoolIssueRecord = SimulationPoolIssue & { readonly game: PoolGame };

/** The pool games of a run. */
export interface PoolRunResult {
  readonly issues: PoolIssueRecord[];
  /** Tickets the wallet refused (none expected: the bettor deposits first). */
  readonly rejectedTickets: number;
}

interface SimTicket {
  readonly ticketId: string;
  state: TicketState;
  version: number;
}

interface PendingIssue {
  readonly game: PoolGame;
  readonly issueId: string;
  readonly matches: readonly SeasonMatch[];
  state: IssueState;
  version: number;
  readonly tickets: SimTicket[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const SYSTEM = { kind: 'system' as const, id: 'simulation' };
const STAFF = { kind: 'staff' as const, id: 'simulation' };

/** Monday (`yyyy-mm-dd`) of the East Africa Time week of instant `ms`. */
export const eatWeekOf = (ms: number): string => {
  const eat = new Date(ms + 3 * 3_600_000);
  const back = (eat.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(eat.getUTCFullYear(), eat.getUTCMonth(), eat.getUTCDate() - back))
    .toISOString()
    .slice(0, 10);
};

/**
 * The matches of an issue: the first `count` of `upcoming` kicking off at or after `from` (epoch ms),
 * by kick-off then id, across leagues; `null` when fewer than `count` remain.
 */
export const issueMatches = (
  upcoming: readonly SeasonMatch[],
  from: number,
  count: number,
): SeasonMatch[] | null => {
  const next = upcoming
    .filter((m) => m.kickoff >= from)
    .sort((a, b) => a.kickoff - b.kickoff || a.id.localeCompare(b.id))
    .slice(0, count);
  return next.length === count ? next : null;
};

/** Index drawn with the (not necessarily normalised) weights `w`. */
const drawIndex = (rng: Rng, w: readonly number[]): number => {
  const total = w.reduce((a, b) => a + b, 0);
  let x = rng.next() * total;
  for (const [i, p] of w.entries()) if ((x -= p) < 0) return i;
  return w.length - 1;
};

/** Our model's probabilities of each outcome of `game` for one match (same order as the game's outcomes). */
export const outcomeProbabilities = (game: PoolGame, rates: { home: number; away: number }): number[] => {
  const matrix = scoreMatrix(rates);
  if (game === 'jackpot') {
    const h = headlineProbabilities(matrix);
    return [h.home, h.draw, h.away];
  }
  const by = new Map<string, number>();
  forEachScore(matrix, (home, away, p) => {
    const o = outcomeOfScore('luckysix', { home, away });
    by.set(o, (by.get(o) ?? 0) + p);
  });
  return LUCKY_SIX_OUTCOMES.map((o) => by.get(o) ?? 0);
};

/**
 * A pool player's picks: per match an outcome drawn with our probabilities; `doubles` of them (the
 * matches whose likeliest outcome is least likely) get a second outcome drawn from the rest.
 */
export const drawPicks = (
  rng: Rng,
  game: PoolGame,
  matches: readonly { matchId: string; probabilities: readonly number[] }[],
  doubles: number,
): Pick[] => {
  const outcomes = game === 'jackpot' ? JACKPOT_OUTCOMES : LUCKY_SIX_OUTCOMES;
  const doubled = new Set(
    [...matches]
      .sort(
        (a, b) =>
          Math.max(...a.probabilities) - Math.max(...b.probabilities) || a.matchId.localeCompare(b.matchId),
      )
      .slice(0, doubles)
      .map((m) => m.matchId),
  );
  return matches.map((m) => {
    const first = drawIndex(rng, m.probabilities);
    if (!doubled.has(m.matchId)) return { matchId: m.matchId, outcomes: [outcomes[first]!] };
    const second = drawIndex(
      rng,
      m.probabilities.map((p, i) => (i === first ? 0 : p)),
    );
    return { matchId: m.matchId, outcomes: [outcomes[first]!, outcomes[second]!] };
  });
};

/** The result of a replayed match for a pool game (every match in the files was played). */
export type PoolResultOf = (game: PoolGame, match: SeasonMatch) => PoolMatchResult;

/** The played match's 90-minute outcome through the domain's `poolResultOf`. */
export const playedResult: PoolResultOf = (game, m) =>
  poolResultOf(
    game,
    { status: 'played', fullTime: m.fullTime, halfTime: m.halfTime ?? { home: 0, away: 0 } },
    m.kickoff,
    m.kickoff + 2 * 3_600_000,
  )!;

/** Options of a {@link PoolRun}. */
export interface PoolRunOptions {
  readonly runId: string;
  readonly terms: Readonly<Record<PoolGame, PoolTerms>>;
  /** The bettors who play pool games (`pool_player`). */
  readonly players: readonly Bettor[];
  /** Chance that a player plays in a week (the scenario's `bettors.activity`). */
  readonly activity: number;
  /** Withholding tax rate of the configuration in force, percent. */
  readonly taxRatePercent: number;
  /** How a match's pool result is read (default {@link playedResult}). */
  readonly resultOf?: PoolResultOf;
}

/**
 * A matchday's appends with each stream once: requests of the same stream (an issue or ticket created
 * and settled on the same matchday) joined in order, at the first one's expected version.
 */
export const joinByStream = (requests: readonly StreamAppendRequest[]): StreamAppendRequest[] => {
  const byStream = new Map<string, StreamAppendRequest>();
  for (const r of requests) {
    const earlier = byStream.get(r.streamName);
    byStream.set(r.streamName, earlier ? { ...earlier, events: [...earlier.events, ...r.events] } : r);
  }
  return [...byStream.values()];
};

/**
 * The pool games of one run: {@link PoolRun.open} at the start of each matchday (issues, tickets),
 * {@link PoolRun.settle} after it (results, settlement, prizes), which returns the matchday's pool
 * appends (each stream once) to send with its other appends.
 */
export class PoolRun {
  private readonly pending = new Map<PoolGame, PendingIssue>();
  private readonly lastWeek = new Map<PoolGame, string>();
  private readonly carry = new Map<PoolGame, number>();
  private readonly sequence = new Map<PoolGame, number>();
  private readonly played = new Set<string>();
  private readonly records: PoolIssueRecord[] = [];
  private tickets = 0;
  private rejected = 0;
  /** This matchday's appends so far (open, then settle). */
  private day: StreamAppendRequest[] = [];

  constructor(private readonly options: PoolRunOptions) {}

  /**
   * Creates and opens the issues due on a matchday starting at `first` (epoch ms) from `upcoming`
   * (this and later matchdays' matches), and sells the players' tickets 30 minutes before `first`.
   * Ratings are fitted on `known` matches before `first` only (no lookahead).
   */
  open(
    first: number,
    upcoming: readonly SeasonMatch[],
    known: readonly SeasonMatch[],
    rng: Rng,
    wallets: PoolWallets,
  ): void {
    const appends = this.day;
    const week = eatWeekOf(first);
    for (const game of POOL_GAMES) {
      const terms = this.options.terms[game];
      if (this.pending.has(game) || this.lastWeek.get(game) === week) continue;
      const matches = issueMatches(upcoming, first, terms.guessNumber);
      if (!matches) continue;
      this.lastWeek.set(game, week);
      const sequence = (this.sequence.get(game) ?? 0) + 1;
      this.sequence.set(game, sequence);
      const issueId = `${this.options.runId}-${game === 'jackpot' ? 'jp' : 'l6'}${sequence}`;
      const issue: PendingIssue = {
        game,
        issueId,
        matches,
        state: initialIssueState(),
        version: 0,
        tickets: [],
      };
      const events: IssueEvent[] = [];
      const at = iso(first - 2 * 3_600_000);
      this.runIssue(issue, events, {
        type: 'CreateIssue',
        issueId,
        at,
        actor: SYSTEM,
        sequence,
        terms,
        carriedOver: this.carry.get(game) ?? 0,
        matches: matches.map((m) => ({
          matchId: m.id,
          home: m.home,
          away: m.away,
          kickOff: iso(m.kickoff),
          visible: true,
        })),
      });
      this.runIssue(issue, events, { type: 'OpenIssue', issueId, at, actor: SYSTEM });
      appends.push(this.issueAppend(issue, events));
      this.pending.set(game, issue);
      appends.push(...this.sell(issue, first, known, rng, wallets));
    }
  }

  private sell(
    issue: PendingIssue,
    first: number,
    known: readonly SeasonMatch[],
    rng: Rng,
    wallets: PoolWallets,
  ): StreamAppendRequest[] {
    const terms = this.options.terms[issue.game];
    const earlier = known.filter((m) => m.kickoff < first);
    const ratings = new Map<string, ReturnType<typeof fitTeamRatings>>();
    const probabilities = issue.matches.map((m) => {
      let r = ratings.get(m.league);
      if (!r) {
        r = fitTeamRatings(m.league, earlier, first);
        ratings.set(m.league, r);
      }
      return {
        matchId: m.id,
        probabilities: outcomeProbabilities(issue.game, predictRates(r, m.home, m.away)),
      };
    });
    const at = iso(first - 30 * 60_000);
    const share = issue.game === 'jackpot' ? JACKPOT_ACTIVITY : LUCKY_SIX_ACTIVITY;
    const view = issueView(issue.state);
    const appends: StreamAppendRequest[] = [];
    for (const bettor of this.options.players) {
      if (!rng.chance(this.options.activity * share)) continue;
      const doubles = rng.int(Math.min(terms.maxChoose, POOL_MAX_DOUBLES) + 1);
      const picks = drawPicks(rng, issue.game, probabilities, doubles);
      const { stake } = ticketShape(picks, terms.betAmount);
      if (!wallets.fund(bettor, stake, rng, iso(first - 31 * 60_000))) continue;
      this.tickets += 1;
      const ticketId = `${this.options.runId}-t${this.tickets}`;
      const decision = decideTicket(
        {
          type: 'BuyTicket',
          ticketId,
          at,
          requestId: ticketId,
          userId: bettor.userId,
          payType: 1,
          picks,
          stake,
          issue: view,
          taxRatePercent: this.options.taxRatePercent,
        },
        initialTicketState(),
      );
      if (!decision.ok)
        throw new Error(`simulation: ticket ${ticketId}: ${decision.error.code} ${decision.error.message}`);
      const bought = decision.events[0]!;
      const debit = ticketWalletCommands(initialTicketState(), bought);
      // TicketBought is stored only with its stake debit: a refused debit leaves no ticket.
      if (!debit.every((cmd) => wallets.run(cmd))) {
        this.rejected += 1;
        continue;
      }
      const ticket: SimTicket = { ticketId, state: evolveTicket(initialTicketState(), bought), version: 1 };
      issue.tickets.push(ticket);
      appends.push({
        streamName: ticketStream(ticketId),
        events: toData(ticketStream(ticketId), [bought], 0),
        expectedVersion: 0,
      });
    }
    return appends;
  }

  /**
   * After the matchday of `matches`: records the results of every issue whose matches have all been
   * played, settles it (or, cancelled by the void rule, refunds it) and credits the prizes. Returns the
   * matchday's pool appends ({@link open}'s and these), each stream once.
   */
  settle(matches: readonly SeasonMatch[], wallets: PoolWallets): StreamAppendRequest[] {
    for (const m of matches) this.played.add(m.id);
    const appends = this.day;
    this.day = [];
    for (const game of POOL_GAMES) {
      const issue = this.pending.get(game);
      if (!issue || !issue.matches.every((m) => this.played.has(m.id))) continue;
      this.pending.delete(game);
      appends.push(...this.settleIssue(issue, wallets));
    }
    return joinByStream(appends);
  }

  private settleIssue(issue: PendingIssue, wallets: PoolWallets): StreamAppendRequest[] {
    const { game, issueId } = issue;
    const terms = this.options.terms[game];
    const resultOf = this.options.resultOf ?? playedResult;
    const at = iso(Math.max(...issue.matches.map((m) => m.kickoff)) + 2 * 3_600_000 + 5 * 60_000);
    const events: IssueEvent[] = [];
    for (const m of issue.matches) {
      if (issue.state.status === 'cancelled') break;
      this.runIssue(issue, events, {
        type: 'RecordMatchResult',
        issueId,
        at,
        actor: SYSTEM,
        matchId: m.id,
        result: resultOf(game, m),
      });
    }
    const created = issue.state.created!;
    const ticketAppends: StreamAppendRequest[] = [];
    const runTicket = (t: SimTicket, commands: TicketCommand[]) => {
      const out: TicketEvent[] = [];
      for (const cmd of commands) {
        const d = decideTicket(cmd, t.state);
        if (!d.ok) throw new Error(`simulation: ticket ${t.ticketId}: ${d.error.code} ${d.error.message}`);
        for (const e of d.events) {
          for (const w of ticketWalletCommands(t.state, e))
            if (!wallets.run(w))
              throw new Error(`simulation: wallet refused ${w.type} of ticket ${t.ticketId}`);
          t.state = evolveTicket(t.state, e);
          out.push(e);
        }
      }
      ticketAppends.push({
        streamName: ticketStream(t.ticketId),
        events: toData(ticketStream(t.ticketId), out, t.version),
        expectedVersion: t.version,
      });
      t.version += out.length;
    };
    const sales = issue.tickets.reduce(
      (s, t) => ({ lines: s.lines + t.state.bought!.lines, stakes: s.stakes + t.state.bought!.stake }),
      { lines: 0, stakes: 0 },
    );
    let settlement: PoolSettlement | null = null;
    if (issue.state.status === 'cancelled') {
      for (const t of issue.tickets)
        runTicket(t, [{ type: 'RefundTicket', ticketId: t.ticketId, at, reason: 'too many void matches' }]);
      // Nothing was paid out of this issue's pool: what it carried over passes to the next issue.
      this.carry.set(game, created.carriedOver);
    } else {
      const lowest = minPrizeHits(terms);
      const winningLines: Record<number, number> = {};
      for (const t of issue.tickets) {
        const counts = lineHitCounts(t.state.bought!.picks, issue.state.results);
        counts.lines.forEach((n, hits) => {
          if (hits >= lowest && n > 0) winningLines[hits] = (winningLines[hits] ?? 0) + n;
        });
      }
      this.runIssue(issue, events, {
        type: 'SettleIssue',
        issueId,
        at,
        actor: SYSTEM,
        tickets: issue.tickets.length,
        lines: sales.lines,
        stakes: sales.stakes,
        winningLines,
      });
      settlement = issue.state.settlement!;
      const prizeTable = settlement.tiers.map((t) => ({ hits: t.hits, prizePerLine: t.prizePerLine }));
      for (const t of issue.tickets) {
        const settle: TicketCommand = {
          type: 'SettleTicket',
          ticketId: t.ticketId,
          at,
          settlementNo: issue.state.settlementNo,
          results: issue.state.results,
          prizeTable,
        };
        const d = decideTicket(settle, t.state);
        const needsApproval =
          d.ok && d.events.some((e) => e.type === 'TicketSettled' && e.data.prize.needsApproval);
        // A prize above max_add_balance waits for staff: the simulated back office approves it at once.
        runTicket(t, [
          settle,
          ...(needsApproval
            ? [
                {
                  type: 'ApprovePrize',
                  ticketId: t.ticketId,
                  at,
                  settlementNo: issue.state.settlementNo,
                  actor: STAFF,
                } as const,
              ]
            : []),
        ]);
      }
      this.carry.set(game, settlement.carryOver);
    }
    let tax = 0;
    let credited = 0;
    let gross = 0;
    for (const t of issue.tickets) {
      if (t.state.status !== 'settled' || !t.state.prize) continue;
      gross += t.state.prize.gross;
      tax += t.state.prize.tax;
      credited += t.state.prize.net;
    }
    this.records.push({
      game,
      issueId,
      identifier: created.identifier,
      firstKickoff: created.closesAt,
      status: settlement ? 'settled' : 'cancelled',
      tickets: issue.tickets.length,
      lines: sales.lines,
      stakes: sales.stakes,
      carriedOver: created.carriedOver,
      pool: settlement?.pool ?? 0,
      prizesPaid: gross,
      seedPaid: settlement?.seedPaid ?? 0,
      rolledOver: settlement?.rolledOver ?? 0,
      breakage: settlement?.breakage ?? 0,
      carryOver: settlement?.carryOver ?? created.carriedOver,
      withholdingTax: tax,
      credited,
      jackpotWon: (settlement?.tiers[0]?.winningLines ?? 0) > 0,
    });
    return [this.issueAppend(issue, events), ...ticketAppends];
  }

  /** The issues of the run (settled, cancelled, and those still open when the run ended), by first kick-off. */
  result(): PoolRunResult {
    const open: PoolIssueRecord[] = [...this.pending.values()].map((issue) => {
      const created = issue.state.created!;
      return {
        game: issue.game,
        issueId: issue.issueId,
        identifier: created.identifier,
        firstKickoff: created.closesAt,
        status: 'open',
        tickets: issue.tickets.length,
        lines: issue.tickets.reduce((s, t) => s + t.state.bought!.lines, 0),
        stakes: issue.tickets.reduce((s, t) => s + t.state.bought!.stake, 0),
        carriedOver: created.carriedOver,
        pool: 0,
        prizesPaid: 0,
        seedPaid: 0,
        rolledOver: 0,
        breakage: 0,
        carryOver: 0,
        withholdingTax: 0,
        credited: 0,
        jackpotWon: false,
      };
    });
    const issues = [...this.records, ...open].sort(
      (a, b) => a.firstKickoff.localeCompare(b.firstKickoff) || a.game.localeCompare(b.game),
    );
    return { issues, rejectedTickets: this.rejected };
  }

  private runIssue(issue: PendingIssue, events: IssueEvent[], cmd: IssueCommand): void {
    const d = decideIssue(cmd, issue.state);
    if (!d.ok) throw new Error(`simulation: issue ${issue.issueId}: ${d.error.code} ${d.error.message}`);
    for (const e of d.events) {
      issue.state = evolveIssue(issue.state, e);
      events.push(e);
    }
  }

  private issueAppend(issue: PendingIssue, events: IssueEvent[]): StreamAppendRequest {
    const stream = issueStream(issue.game, issue.issueId);
    const request = {
      streamName: stream,
      events: toData(stream, events, issue.version),
      expectedVersion: issue.version,
    };
    issue.version += events.length;
    return request;
  }
}
