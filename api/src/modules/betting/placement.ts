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
  EVENT_STATUS,
  liveBetDelaySeconds,
  MATCH_STATUS,
  NO_BET_OPEN,
  walletCommandsFor,
} from '@bashiri/domain';
import type {
  BetChannel,
  BetCommand,
  BetEvent,
  BetPlaced,
  BetState,
  PayType,
  PlacedLeg,
} from '@bashiri/domain';
import { deterministicEventId, groupedPerExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';
import { CONFIG_STAMP_SQL, configInForceStamped } from './config.ts';
import type { ConfigInForce } from './config.ts';
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
      /** When a player protection refused the stake (issue 23): the most still allowed now (TZS). */
      readonly limitLeft?: number | null;
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

/**
 * What placement reads besides the bet and wallet streams (its query port onto the read models): the
 * player's account flags (identity's read model, null when there is no row yet), the catalogue rows of
 * the request's selections (unknown ids are absent) and the {@link CONFIG_STAMP_SQL}.
 */
interface PlacementFacts {
  readonly flags: { disabled: boolean; no_bet: boolean } | null;
  readonly selections: readonly SelectionRow[];
  readonly configStamp: string;
}

/** What one placement asks to read. */
interface PlacementFactsRequest {
  readonly userId: string;
  /** Outcome ids (bigint text, see {@link numericIds}). */
  readonly selectionIds: readonly string[];
}

/**
 * The facts of a whole group of concurrent placements in ONE statement (group commit, decision 0007):
 * per request its account flags; the catalogue rows of all their selections and the configuration
 * stamp once. The streams are read through the event-store port alongside.
 */
const FACTS_SQL = `WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(user_id text, k int)
  )
  SELECT
  (SELECT json_agg((SELECT json_build_object('disabled', p.disabled, 'no_bet', p.no_bet)
                    FROM player_accounts p WHERE p.user_id = i.user_id) ORDER BY i.k) FROM input i) AS flags,
  (SELECT coalesce(json_agg(s), '[]') FROM (${selectionsSql('$2')}) AS s) AS selections,
  ${CONFIG_STAMP_SQL} AS "configStamp"`;

/** Reads what a placement needs from the read models, grouped with the concurrent placements on the same pool. */
const readPlacementFacts = groupedPerExecutor<PlacementFactsRequest, PlacementFacts>(
  async (sql, requests) => {
    const { rows } = await sql.query<{
      flags: PlacementFacts['flags'][];
      selections: SelectionRow[];
      configStamp: string;
    }>(
      FACTS_SQL,
      [
        JSON.stringify(requests.map((r, k) => ({ user_id: r.userId, k }))),
        [...new Set(requests.flatMap((r) => r.selectionIds))],
      ],
      'betting_place_reads',
    );
    const { flags, selections, configStamp } = rows[0]!;
    return requests.map((r, k) => {
      const wanted = new Set(r.selectionIds);
      return {
        flags: flags[k] ?? null,
        selections: selections.filter((s) => wanted.has(s.outcomeId)),
        configStamp,
      };
    });
  },
);

/** The account flags' refusal code, or null when the account may bet. */
const accountRefusal = (flags: PlacementFacts['flags']): string | null => {
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
  const first = await attemptPlacement(services, request, null);
  if (first.status !== 'HOLD') return first;
  // The hold runs outside the wallet's queue (the money path's): the player's other requests are not
  // blocked meanwhile. The same requestId sent again during the hold holds too; whichever records first
  // wins the bet stream at version 0 and the other answers from it.
  await services.sleep(first.delaySeconds * 1_000);
  const accepted = await attemptPlacement(services, request, first.delaySeconds);
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
 * Reads, checks and records the bet on the money path (wallet/money-path.ts: the bet and the wallet
 * loaded together, decided, appended together; lost races retried there). `heldSeconds` is null on the
 * first check (a live player bet then answers {@link Hold} without writing anything), or the seconds
 * already held (the check after the hold: the bet is recorded or refused now).
 */
const attemptPlacement = async (
  services: AppServices,
  { userId, input, placer, orderType }: PlacementRequest,
  heldSeconds: number | null,
): Promise<PlaceBetAnswer | Hold> => {
  const betId = deterministicEventId(`bet|${userId}|${input.requestId}`);
  const selectionIds = numericIds(input.selections.map((s) => s.selectionId));
  const nowMs = services.now();
  const at = new Date(nowMs).toISOString();
  const { answer } = await moveMoney<
    BetState,
    BetEvent,
    PlacementFacts & ConfigInForce,
    PlaceBetAnswer | Hold
  >(services, {
    userId,
    // A new bet, decided from the empty stream and appended at version 0: a concurrent placement of
    // the same request loses and answers from the first on the next load.
    product: { streamName: betStream(betId), evolver: betDecider },
    idempotencyKey: `place:${input.requestId}`,
    metadata: {
      actor: `${placer.kind}:${placer.id}`,
      correlationId: deterministicEventId(`request|${userId}|${input.requestId}`),
      causationId: `place:${input.requestId}`,
    },
    read: async () => {
      const facts = await readPlacementFacts(services.sql, { userId, selectionIds });
      return { ...facts, ...(await configInForceStamped(services.sql, facts.configStamp, nowMs)) };
    },
    decide: ({ product, wallet, read }) => {
      const earlier = answerFrom(product.state);
      if (earlier) return { answer: earlier };
      const { config, version, taxRule } = read;
      if (orderType === 'user' && config.noBet !== NO_BET_OPEN)
        return { answer: rejected('BETTING_PAUSED', config.pausePrompt || 'betting is paused') };
      const refusal = orderType === 'user' ? accountRefusal(read.flags) : null;
      if (refusal) return { answer: rejected(refusal, 'this account may not bet') };

      const decided = decidePlacement(input, selectionMap(read.selections), nowMs, {
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
      if (decided.status !== 'DECIDED') return { answer: decided };
      const placedEvent = decided.event;
      const events: BetEvent[] = [placedEvent];
      let answer: PlaceBetAnswer = {
        status: 'PLACED',
        betId,
        serial: placedEvent.data.serial,
        placed: placedEvent.data,
      };
      for (const command of walletCommandsFor(placedEvent.data, placedEvent)) {
        const debit = wallet.pay(command);
        if (!debit.ok) {
          events.push({
            type: 'BetRejected',
            data: { betId, at, code: debit.error.code, reason: debit.error.message },
          });
          const left = (debit.error.details as { left?: unknown } | undefined)?.left;
          answer = {
            status: 'REJECTED',
            betId,
            code: debit.error.code,
            message: debit.error.message,
            nobetList: [],
            limitLeft: typeof left === 'number' ? left : null,
          };
          break;
        }
        events.push({ type: 'StakePaid', data: { betId, at, movementId: command.movementId } });
      }
      // A player's live bet that would be accepted now is held first (nothing written); one the
      // wallet refuses is recorded at once like any other (no money moves, nothing to wait for).
      if (heldSeconds === null && answer.status === 'PLACED' && orderType === 'user') {
        const live = placedEvent.data.legs.some((leg) => leg.eventStatus === EVENT_STATUS.LIVE);
        const delaySeconds = live ? liveBetDelaySeconds(config, input.channel ?? 'DESKTOP') : 0;
        if (delaySeconds > 0) return { answer: { status: 'HOLD', delaySeconds } };
      }
      return { answer, productEvents: events };
    },
  });
  return answer;
};

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
      eventStatus:
        row.matchStatus === MATCH_STATUS.IN_PROGRESS || Date.parse(row.startTime) <= nowMs
          ? EVENT_STATUS.LIVE
          : EVENT_STATUS.PRE_MATCH,
      leg,
    });
  }
  if (nobetList.length > 0)
    return rejected('SELECTIONS_UNAVAILABLE', 'some selections cannot be bet now', nobetList);
  const decided = betDecider.decide({ ...command, legs }, betDecider.initialState());
  if (!decided.ok) return rejected(decided.error.code, decided.error.message);
  return { status: 'DECIDED', event: decided.events[0] as BetPlaced };
};
