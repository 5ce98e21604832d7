/**
 * Bet placement end to end (issue 5 item 5; spec §3 "Place-bet payload", §5 "Betslip submit"): checks
 * the betting pause, the player's flags, every selection's match, market and odds against the
 * catalogue, then — in ONE transaction — records the bet with the prices, configuration and tax rule
 * in force, debits the stake from the wallet and marks it paid. The same `requestId` twice returns the
 * first answer and moves money once.
 */
import { betDecider, betStream, walletCommandsFor } from '@bashiri/domain';
import type { BetCommand, BetEvent, BetPlaced, BetState, PayType, PlacedLeg } from '@bashiri/domain';
import {
  aggregateStream,
  appendWith,
  deterministicEventId,
  isWrongExpectedVersion,
} from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { walletOf } from '../wallet/service.ts';
import { configInForce } from './config.ts';
import { legOf, loadSelections, unavailability } from './selections.ts';

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

/** The player's account flags from the identity module's read model (no row yet: no flags). */
const accountRefusal = async (sql: SqlExecutor, userId: string): Promise<string | null> => {
  const { rows } = await sql.query<{ disabled: boolean; no_bet: boolean }>(
    'SELECT disabled, no_bet FROM player_accounts WHERE user_id = $1',
    [userId],
  );
  const flags = rows[0];
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
 * slip codes such as STAKE_BELOW_MINIMUM, BETTING_PAUSED, INSUFFICIENT_FUNDS, or SELECTIONS_UNAVAILABLE
 * with the `nobetList`); nothing is written for a refusal except an insufficient-funds rejection, which
 * is recorded on the bet so that repeating the request gives the same answer.
 */
export const placeBet = async (
  services: AppServices,
  userId: string,
  input: PlaceBetInput,
  placer: Placer = { kind: 'player', id: userId },
  orderType: 'user' | 'admin' | 'random' = 'user',
): Promise<PlaceBetAnswer> => {
  const betId = deterministicEventId(`bet|${userId}|${input.requestId}`);
  const stream = betStream(betId);
  const earlier = answerFrom((await aggregateStream(services.store, stream, betDecider)).state);
  if (earlier) return earlier;

  const nowMs = services.now();
  const at = new Date(nowMs).toISOString();
  const { config, version, taxRule } = await configInForce(services.sql, nowMs);
  if (orderType === 'user' && config.noBet !== 0)
    return rejected('BETTING_PAUSED', config.pausePrompt || 'betting is paused');
  const refusal = orderType === 'user' ? await accountRefusal(services.sql, userId) : null;
  if (refusal) return rejected(refusal, 'this account may not bet');

  const rows = await loadSelections(
    services.sql,
    input.selections.map((s) => s.selectionId),
  );
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

  const serial = serialOf(betId);
  const place: BetCommand = {
    type: 'PlaceBet',
    betId,
    at,
    serial,
    userId,
    orderType,
    actor: placer,
    payType: input.payType,
    stake: input.amount,
    legs,
    config,
    configVersion: version,
    taxRule,
  };
  const metadata = {
    actor: `${placer.kind}:${placer.id}`,
    correlationId: deterministicEventId(`request|${userId}|${input.requestId}`),
    causationId: `place:${input.requestId}`,
  };
  const decided = betDecider.decide(place, betDecider.initialState());
  if (!decided.ok) return rejected(decided.error.code, decided.error.message);
  const placedEvent = decided.events[0] as BetPlaced;
  try {
    return await walletOf(services).transact(userId, async (tx, applyWallet) => {
      // A new bet, decided in memory from the empty stream and appended once at expected version 0:
      // a concurrent placement of the same request loses the version check and answers from the first.
      const events: BetEvent[] = [placedEvent];
      let answer: PlaceBetAnswer = { status: 'PLACED', betId, serial, placed: placedEvent.data };
      for (const command of walletCommandsFor(placedEvent.data, placedEvent)) {
        const debit = await applyWallet(command);
        if (!debit.ok) {
          events.push({
            type: 'BetRejected',
            data: { betId, at, code: debit.error.code, reason: debit.error.message },
          });
          answer = rejected(debit.error.code, debit.error.message, [], betId);
          break;
        }
        events.push({ type: 'StakePaid', data: { betId, at, movementId: command.movementId } });
      }
      await appendWith(
        tx,
        stream,
        events.map((event, index) => ({
          ...event,
          eventId: deterministicEventId(`${stream}|place:${input.requestId}`, index),
        })),
        { expectedVersion: 0, metadata },
      );
      return answer;
    });
  } catch (error) {
    // The same request placed concurrently elsewhere won: answer as it did.
    const first = isWrongExpectedVersion(error)
      ? answerFrom((await aggregateStream(services.store, stream, betDecider)).state)
      : null;
    if (first) return first;
    throw error;
  }
};
