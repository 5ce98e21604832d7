/**
 * Bet placement end to end (issue 5 item 5; spec §3 "Place-bet payload", §5 "Betslip submit"): checks
 * the betting pause, the player's flags, every selection's match, market and odds against the
 * catalogue, then — in ONE transaction — records the bet with the prices, configuration and tax rule
 * in force, debits the stake from the wallet and marks it paid. A player's live bet is held for the
 * rolling-bet delay of its channel and checked again before that (spec §9). The same `requestId` twice
 * returns the first answer and moves money once.
 */
import {
  betDecider,
  betStream,
  liveBetDelaySeconds,
  walletCommandsFor,
  walletDecider,
  walletStream,
} from '@bashiri/domain';
import type {
  BetChannel,
  BetCommand,
  BetEvent,
  BetPlaced,
  BetState,
  PayType,
  PlacedLeg,
  WalletEvent,
} from '@bashiri/domain';
import { deterministicEventId, groupedAtomicAppend, groupedPerExecutor } from '@bashiri/eventstore';
import type { EventData, StreamAppend } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { retryable } from '../../transactions.ts';
import { walletOf } from '../wallet/service.ts';
import type { OwnedWallet } from '../wallet/service.ts';
import { CONFIG_STAMP_SQL, configInForceStamped } from './config.ts';
import { legOf, numericIds, selectionMap, selectionsSql, unavailability } from './selections.ts';
import type { SelectionRow } from './selections.ts';

/** What the player accepts when odds moved since they saw them (spec §2 "accept automatic odds changes"). */
export type OddsChangePolicy = 'ACCEPT_ANY' | 'ACCEPT_HIGHER' | 'NONE';

export interface PlaceBetInput {
  readonly requestId: string;
  readonly payType: PayType;
  /** Stake, whole TZS. */
  readonly amount: number;
  /** The selections with the odds the player saw (decimal text). */
  readonly selections: readonly { readonly selectionId: string; readonly odds: string }[];
  readonly oddsChange: OddsChangePolicy;
  /**
   * Where the player bets from (spec §9 Layout: MOBILE under the 960 px breakpoint, else DESKTOP): picks
   * the stake limits of that channel (spec §9 "min and max bet for mobile and desktop", domain
   * `stakeLimits`) and the rolling-bet delay a live bet is held for. Absent = DESKTOP. Staff and
   * random-tool bets ignore it: the general stake limits only, and no hold.
   */
  readonly channel?: BetChannel;
}

/** One selection that cannot be bet (spec `nobet_list`), with the reason code and the odds now. */
export interface NoBetItem {
  readonly selectionId: string;
  readonly code: string;
  readonly currentOdds: string | null;
}

export type PlaceBetAnswer =
  | {
      readonly status: 'PLACED';
      readonly betId: string;
      readonly serial: string;
      readonly placed: BetPlaced['data'];
    }
  | {
      readonly status: 'REJECTED';
      readonly betId: string | null;
      readonly code: string;
      readonly message: string;
      readonly nobetList: readonly NoBetItem[];
    };

export interface Placer {
  readonly kind: 'player' | 'staff';
  readonly id: string;
}

const answerFrom = (state: BetState): PlaceBetAnswer | null => {
  if (state.status === 'none') return null;
  if (state.status === 'rejected' || state.status === 'unpaid') {
    return {
      status: 'REJECTED',
      betId: state.placed.betId,
      code: 'INSUFFICIENT_FUNDS',
      message: 'the stake could not be paid',
      nobetList: [],
    };
  }
  return { status: 'PLACED', betId: state.placed.betId, serial: state.placed.serial, placed: state.placed };
};

const serialOf = (betId: string): string =>
  `B${BigInt(`0x${betId.replace(/-/g, '').slice(0, 13)}`)
    .toString()
    .padStart(16, '0')}`;

const oddsMoved = (policy: OddsChangePolicy, seen: string, now: string): boolean => {
  if (policy === 'ACCEPT_ANY') return false;
  const [a, b] = [Number(seen), Number(now)];
  return policy === 'ACCEPT_HIGHER' ? b < a : a !== b;
};

/** Everything placement reads for one request. */
interface PlacementReads {
  /** The bet stream's events (an earlier answer to the same request when not empty). */
  readonly bet: readonly BetEvent[];
  /** The wallet's events after the version asked for, in order, with their positions. */
  readonly wallet: readonly { position: number; type: string; data: unknown }[];
  /** The player's account flags (identity's read model), null when there is no row yet. */
  readonly flags: { disabled: boolean; no_bet: boolean } | null;
  /** The catalogue rows of the request's selections (unknown ids are absent). */
  readonly selections: readonly SelectionRow[];
  /** {@link CONFIG_STAMP_SQL}. */
  readonly configStamp: string;
}

/** What one placement asks to read. */
interface PlacementReadRequest {
  readonly bet: string;
  readonly wallet: string;
  /** The wallet version already known: only later events are read. */
  readonly after: number;
  readonly userId: string;
  /** Outcome ids (bigint text, see {@link numericIds}). */
  readonly selectionIds: readonly string[];
}

/**
 * The reads of a whole group of concurrent placements in ONE statement (group commit, decision 0007):
 * per request its bet stream, its wallet's new events and its account flags; the catalogue rows of all
 * their selections and the configuration stamp once.
 */
const READ_SQL = `WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(bet text, wallet text, after bigint, user_id text, k int)
  )
  SELECT
  (SELECT json_agg(json_build_object(
     'bet', (SELECT coalesce(json_agg(json_build_object('type', e.event_type, 'data', e.data) ORDER BY e.stream_position), '[]')
             FROM es_events e WHERE e.stream_name = i.bet),
     'wallet', (SELECT coalesce(json_agg(json_build_object('position', e.stream_position, 'type', e.event_type, 'data', e.data)
                ORDER BY e.stream_position), '[]')
                FROM es_events e WHERE e.stream_name = i.wallet AND e.stream_position > i.after),
     'flags', (SELECT json_build_object('disabled', p.disabled, 'no_bet', p.no_bet) FROM player_accounts p WHERE p.user_id = i.user_id)
   ) ORDER BY i.k) FROM input i) AS items,
  (SELECT coalesce(json_agg(s), '[]') FROM (${selectionsSql('$2')}) AS s) AS selections,
  ${CONFIG_STAMP_SQL} AS "configStamp"`;

/** Reads what a placement needs, grouped with the concurrent placements on the same pool. */
const readForPlacement = groupedPerExecutor<PlacementReadRequest, PlacementReads>(async (sql, requests) => {
  const { rows } = await sql.query<{
    items: Omit<PlacementReads, 'selections' | 'configStamp'>[];
    selections: SelectionRow[];
    configStamp: string;
  }>(
    READ_SQL,
    [
      JSON.stringify(
        requests.map((r, k) => ({ bet: r.bet, wallet: r.wallet, after: r.after, user_id: r.userId, k })),
      ),
      [...new Set(requests.flatMap((r) => r.selectionIds))],
    ],
    'betting_place_reads',
  );
  const { items, selections, configStamp } = rows[0]!;
  return requests.map((r, k) => {
    const wanted = new Set(r.selectionIds);
    return { ...items[k]!, selections: selections.filter((s) => wanted.has(s.outcomeId)), configStamp };
  });
});

/** The account flags' refusal code, or null when the account may bet. */
const accountRefusal = (flags: PlacementReads['flags']): string | null => {
  if (!flags) return null;
  if (flags.disabled) return 'ACCOUNT_DISABLED';
  if (flags.no_bet) return 'BETTING_NOT_ALLOWED';
  return null;
};

const rejected = (
  code: string,
  message: string,
  nobetList: readonly NoBetItem[] = [],
  betId: string | null = null,
): PlaceBetAnswer => ({
  status: 'REJECTED',
  betId,
  code,
  message,
  nobetList,
});

/**
 * Places a bet for `userId`. Refusals come back as a REJECTED answer with a stable code (the domain's
 * slip codes such as STAKE_BELOW_MINIMUM / STAKE_ABOVE_MAXIMUM, against the limits of the player's
 * channel too, BETTING_PAUSED, INSUFFICIENT_FUNDS, or SELECTIONS_UNAVAILABLE
 * with the `nobetList`); nothing is written for a refusal except an insufficient-funds rejection, which
 * is recorded on the bet so that repeating the request gives the same answer.
 *
 * Rolling-bet hold (spec §9 "rolling-bet delay on mobile and desktop"): a player's bet with at least one
 * selection in play is checked as above, then held for the configured seconds of its `channel`
 * (`liveBetDelaySecondsMobile` / `liveBetDelaySecondsDesktop`) OUTSIDE the per-wallet queue, then read and
 * checked again from scratch (availability, the odds against the player's policy, the configuration and
 * the wallet) and only then recorded and debited, with the odds and time of acceptance. Staff and
 * random-tool bets and pre-match bets are not held.
 */
export const placeBet = async (
  services: AppServices,
  userId: string,
  input: PlaceBetInput,
  placer: Placer = { kind: 'player', id: userId },
  orderType: 'user' | 'admin' | 'random' = 'user',
): Promise<PlaceBetAnswer> => {
  const request: PlacementRequest = { userId, input, placer, orderType };
  // Serialised with this process's other work on the player's wallet; across processes the exact
  // versions of the append decide, and the loser reads again.
  const wallets = walletOf(services);
  const first = await wallets.owned(userId, (wallet) => attemptPlacement(services, wallet, request, null));
  if (first.status !== 'HOLD') return first;
  // The hold runs outside the wallet queue: the player's other requests are not blocked meanwhile. The
  // same requestId sent again during the hold holds too; whichever records first wins the bet stream at
  // version 0 and the other answers from it.
  await services.sleep(first.delaySeconds * 1_000);
  const accepted = await wallets.owned(userId, (wallet) =>
    attemptPlacement(services, wallet, request, first.delaySeconds),
  );
  if (accepted.status === 'HOLD') throw new Error('a held bet is not held twice');
  return accepted;
};

/** One placement request as {@link placeBet} got it. */
interface PlacementRequest {
  readonly userId: string;
  readonly input: PlaceBetInput;
  readonly placer: Placer;
  readonly orderType: 'user' | 'admin' | 'random';
}

/** The first check found a live bet to hold for `delaySeconds` before it is checked again. */
interface Hold {
  readonly status: 'HOLD';
  readonly delaySeconds: number;
}

/**
 * Reads, checks and records the bet inside the wallet's queue, retrying lost races. `heldSeconds` is null
 * on the first check (a live player bet then answers {@link Hold} without writing anything), or the
 * seconds already held (the check after the hold: the bet is recorded or refused now).
 */
const attemptPlacement = async (
  services: AppServices,
  wallet: OwnedWallet,
  { userId, input, placer, orderType }: PlacementRequest,
  heldSeconds: number | null,
): Promise<PlaceBetAnswer | Hold> => {
  const betId = deterministicEventId(`bet|${userId}|${input.requestId}`);
  const stream = betStream(betId);
  const wallets = walletStream(userId);
  const selectionIds = numericIds(input.selections.map((s) => s.selectionId));
  const nowMs = services.now();
  const at = new Date(nowMs).toISOString();
  for (let attempt = 1; ; attempt++) {
    const known = wallet.known() ?? { state: walletDecider.initialState(), version: 0 };
    const reads = await readForPlacement(services.sql, {
      bet: stream,
      wallet: wallets,
      after: known.version,
      userId,
      selectionIds,
    });
    const earlier = answerFrom(reads.bet.reduce(betDecider.evolve, betDecider.initialState()));
    if (earlier) return earlier;

    const { config, version, taxRule } = await configInForceStamped(services.sql, reads.configStamp, nowMs);
    if (orderType === 'user' && config.noBet !== 0)
      return rejected('BETTING_PAUSED', config.pausePrompt || 'betting is paused');
    const refusal = orderType === 'user' ? accountRefusal(reads.flags) : null;
    if (refusal) return rejected(refusal, 'this account may not bet');

    const decided = decidePlacement(input, selectionMap(reads.selections), nowMs, {
      type: 'PlaceBet',
      betId,
      at,
      serial: serialOf(betId),
      userId,
      orderType,
      actor: placer,
      payType: input.payType,
      stake: input.amount,
      legs: [],
      config,
      configVersion: version,
      taxRule,
      ...(heldSeconds === null ? {} : { liveDelaySeconds: heldSeconds }),
      // A player's channel adds its stake limits; staff bets keep the general ones.
      ...(orderType === 'user' ? { channel: input.channel ?? 'DESKTOP' } : {}),
    });
    if (decided.status !== 'DECIDED') return decided;
    const placedEvent = decided.event;

    // The wallet as it is now: the known state plus the events after it.
    let walletNow = reads.wallet.reduce(
      (current, e) => ({
        state: walletDecider.evolve(current.state, e as WalletEvent),
        version: e.position,
      }),
      known,
    );
    const walletEvents: EventData[] = [];
    const events: BetEvent[] = [placedEvent];
    let answer: PlaceBetAnswer = {
      status: 'PLACED',
      betId,
      serial: placedEvent.data.serial,
      placed: placedEvent.data,
    };
    for (const command of walletCommandsFor(placedEvent.data, placedEvent)) {
      const debit = walletDecider.decide(command, walletNow.state);
      if (!debit.ok) {
        events.push({
          type: 'BetRejected',
          data: { betId, at, code: debit.error.code, reason: debit.error.message },
        });
        answer = rejected(debit.error.code, debit.error.message, [], betId);
        break;
      }
      const metadata = {
        actor: `${command.actor.kind}:${command.actor.id}`,
        causationId: command.movementId,
      };
      for (const [index, event] of debit.events.entries())
        walletEvents.push({
          type: event.type,
          data: event.data,
          eventId: deterministicEventId(`${wallets}|${command.movementId}`, index),
          metadata,
        });
      walletNow = {
        state: debit.events.reduce(walletDecider.evolve, walletNow.state),
        version: walletNow.version,
      };
      events.push({ type: 'StakePaid', data: { betId, at, movementId: command.movementId } });
    }
    // A player's live bet that would be accepted now is held first (nothing written); one the wallet
    // refuses is recorded at once like any other (no money moves, nothing to wait for).
    if (heldSeconds === null && answer.status === 'PLACED' && orderType === 'user') {
      const live = placedEvent.data.legs.some((leg) => leg.eventStatus === 2);
      const delaySeconds = live ? liveBetDelaySeconds(config, input.channel ?? 'DESKTOP') : 0;
      if (delaySeconds > 0) return { status: 'HOLD', delaySeconds };
    }
    const metadata = {
      actor: `${placer.kind}:${placer.id}`,
      correlationId: deterministicEventId(`request|${userId}|${input.requestId}`),
      causationId: `place:${input.requestId}`,
    };
    const appends: StreamAppend[] = [
      // A new bet, decided in memory from the empty stream and appended at version 0: a concurrent
      // placement of the same request loses and answers from the first on the next read.
      {
        streamName: stream,
        expectedVersion: 0,
        events: events.map((event, index) => ({
          ...event,
          eventId: deterministicEventId(`${stream}|place:${input.requestId}`, index),
          metadata,
        })),
      },
      { streamName: wallets, expectedVersion: walletNow.version, events: walletEvents },
    ];
    try {
      // One statement, all or nothing by itself (grouped with concurrent placements, decision 0007).
      await groupedAtomicAppend(services.sql, appends);
    } catch (error) {
      if (!retryable(error) || attempt >= MAX_ATTEMPTS) throw error;
      // Another writer won (the same request elsewhere, or the wallet moved): read again.
      wallet.forget();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      continue;
    }
    wallet.committed({ state: walletNow.state, version: walletNow.version + walletEvents.length });
    return answer;
  }
};

/** Attempts of one placement when it keeps losing races. */
const MAX_ATTEMPTS = 8;

/**
 * Checks every selection against the catalogue row read now (match, market, odds, the player's policy
 * on moved odds) and decides the bet on an empty stream: the `BetPlaced` event, or the refusal.
 */
const decidePlacement = (
  input: PlaceBetInput,
  rows: ReadonlyMap<string, SelectionRow>,
  nowMs: number,
  command: Extract<BetCommand, { type: 'PlaceBet' }>,
): PlaceBetAnswer | { status: 'DECIDED'; event: BetPlaced } => {
  const nobetList: NoBetItem[] = [];
  const legs: PlacedLeg[] = [];
  for (const seen of input.selections) {
    const row = rows.get(seen.selectionId);
    const why = unavailability(row, nowMs);
    if (why || !row) {
      nobetList.push({
        selectionId: seen.selectionId,
        code: why ?? 'SELECTION_NOT_FOUND',
        currentOdds: row?.odds ?? null,
      });
      continue;
    }
    const odds = Number(row.odds).toFixed(2);
    if (oddsMoved(input.oddsChange, seen.odds, odds)) {
      nobetList.push({ selectionId: seen.selectionId, code: 'ODDS_CHANGED', currentOdds: odds });
      continue;
    }
    const leg = legOf(row, odds);
    if (!leg) {
      nobetList.push({ selectionId: seen.selectionId, code: 'MARKET_NOT_SETTLED_HERE', currentOdds: odds });
      continue;
    }
    legs.push({
      matchId: row.matchId,
      selectionId: row.outcomeId,
      marketId: row.marketId,
      marketName: row.bettingTypeName,
      selectionName: row.outcomeName,
      home: row.home,
      away: row.away,
      startTime: row.startTime,
      eventStatus: row.matchStatus === 2 || Date.parse(row.startTime) <= nowMs ? 2 : 1,
      leg,
    });
  }
  if (nobetList.length > 0)
    return rejected('SELECTIONS_UNAVAILABLE', 'some selections cannot be bet now', nobetList);
  const decided = betDecider.decide({ ...command, legs }, betDecider.initialState());
  if (!decided.ok) return rejected(decided.error.code, decided.error.message);
  return { status: 'DECIDED', event: decided.events[0] as BetPlaced };
};
