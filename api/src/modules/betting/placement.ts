/**
 * Bet placement end to end (issue 5 item 5; spec §3 "Place-bet payload", §5 "Betslip submit"): checks
 * the betting pause, the player's flags, every selection's match, market and odds against the
 * catalogue, then — in ONE transaction — records the bet with the prices, configuration and tax rule
 * in force, debits the stake from the wallet and marks it paid. The same `requestId` twice returns the
 * first answer and moves money once.
 */
import { betDecider, betStream, walletCommandsFor } from '@bashiri/domain';
import type {
  BetCommand,
  BetEvent,
  BetPlaced,
  BetState,
  DomainError,
  PayType,
  PlacedLeg,
} from '@bashiri/domain';
import { aggregateStream, deterministicEventId, handleCommandWithin } from '@bashiri/eventstore';
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
  | { readonly status: 'PLACED'; readonly betId: string; readonly serial: string }
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
  return { status: 'PLACED', betId: state.placed.betId, serial: state.placed.serial };
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

/** Reads the player's account flags when the identity module's read model has them. */
const accountRefusal = async (sql: SqlExecutor, userId: string): Promise<string | null> => {
  const exists = await sql.query<{ t: string | null }>(`SELECT to_regclass('player_accounts')::text AS t`);
  if (!exists.rows[0]?.t) return null;
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
  };
  return walletOf(services).transact(userId, async (tx, applyWallet) => {
    const bet = (command: BetCommand, key: string) =>
      handleCommandWithin<BetState, BetCommand, BetEvent, DomainError>(tx, stream, betDecider, command, {
        idempotencyKey: key,
        metadata: { ...metadata, causationId: key },
      });
    const placed = await bet(place, `place:${input.requestId}`);
    if (!placed.ok) return rejected(placed.error.code, placed.error.message);
    const again = answerFrom(placed.state);
    if (placed.events.length === 0 && again) return again;
    const placedEvent = placed.events[0] as BetPlaced;
    for (const command of walletCommandsFor(placedEvent.data, placedEvent)) {
      const debit = await applyWallet(command);
      if (!debit.ok) {
        await bet(
          { type: 'RejectBet', betId, at, code: debit.error.code, reason: debit.error.message },
          'reject',
        );
        return rejected(debit.error.code, debit.error.message, [], betId);
      }
      await bet({ type: 'RecordStakePaid', betId, at, movementId: command.movementId }, 'paid');
    }
    return { status: 'PLACED', betId, serial } as const;
  });
};
