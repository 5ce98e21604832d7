/**
 * The racing round aggregate (stream `racing-<roundId>`; spec §3 "Racing period", §4 "Racing status" and
 * "Racing bet is open only when…"; issue 19). Life: scheduled with the seed's hash published → betting
 * window `startingBetTime`..`endBetTime` → betting closed → drawn at `drawTime`, seed revealed and the
 * finishing order recorded → settled. A `noBet` configuration refuses to schedule (pauses new rounds).
 * Pure: instants (ISO-8601 with zone) and the seed come inside the commands.
 */
import { accept, refuse, type Decider, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import { drawOrder, isServerSeed, lotteryCombination, seedHash } from './draw.ts';
import { RacingStatus } from './rules.ts';

interface RoundData {
  readonly roundId: string;
  readonly at: string;
}

export type RoundScheduled = {
  readonly type: 'RoundScheduled';
  readonly data: RoundData & {
    /** SHA-256 of the server seed, published before betting opens. */
    readonly seedHash: string;
    readonly startingBetTime: string;
    readonly endBetTime: string;
    readonly drawTime: string;
  };
};
export type RoundBettingClosed = { readonly type: 'RoundBettingClosed'; readonly data: RoundData };
export type RoundDrawn = {
  readonly type: 'RoundDrawn';
  readonly data: RoundData & {
    /** The revealed server seed. */
    readonly seed: string;
    /** Finishing order, champion first. */
    readonly order: readonly number[];
    /** spec `lottery_combination`: the order as comma-separated car numbers. */
    readonly lotteryCombination: string;
  };
};
export type RoundSettled = {
  readonly type: 'RoundSettled';
  readonly data: RoundData & {
    /** Orders settled, amount staked and paid (gross, before tax), TZS. */
    readonly orders: number;
    readonly staked: number;
    readonly paid: number;
  };
};
/**
 * Staff voided the round before it drew (or after its draw failed): no result, every order of it is
 * returned (docs/racing.md "Voiding a round", decision 0062).
 */
export type RoundVoided = {
  readonly type: 'RoundVoided';
  readonly data: RoundData & {
    /** Why, as staff typed it (shown in the back office and the audit log). */
    readonly reason: string;
    /** Who voided it: `staff:<id>`. */
    readonly by: string;
  };
};
export type RoundEvent = RoundScheduled | RoundBettingClosed | RoundDrawn | RoundSettled | RoundVoided;

export interface RoundState {
  readonly status: 'none' | 'scheduled' | 'closed' | 'drawn' | 'settled' | 'voided';
  readonly roundId: string | null;
  readonly seedHash: string | null;
  readonly startingBetTime: string | null;
  readonly endBetTime: string | null;
  readonly drawTime: string | null;
  readonly seed: string | null;
  readonly order: readonly number[] | null;
}

export const initialRoundState = (): RoundState => ({
  status: 'none',
  roundId: null,
  seedHash: null,
  startingBetTime: null,
  endBetTime: null,
  drawTime: null,
  seed: null,
  order: null,
});

export const evolveRound = (state: RoundState, event: RoundEvent): RoundState => {
  switch (event.type) {
    case 'RoundScheduled': {
      const { roundId, seedHash: hash, startingBetTime, endBetTime, drawTime } = event.data;
      return {
        ...state,
        status: 'scheduled',
        roundId,
        seedHash: hash,
        startingBetTime,
        endBetTime,
        drawTime,
      };
    }
    case 'RoundBettingClosed':
      return { ...state, status: 'closed' };
    case 'RoundDrawn':
      return { ...state, status: 'drawn', seed: event.data.seed, order: event.data.order };
    case 'RoundSettled':
      return { ...state, status: 'settled' };
    case 'RoundVoided':
      return { ...state, status: 'voided' };
  }
};

interface RoundCommandBase {
  readonly roundId: string;
  /** ISO-8601 instant of the command. */
  readonly at: string;
}
/** Schedules a round; refused while the racing config's `no_bet` is 1. Repeating the same schedule changes nothing. */
export interface ScheduleRound extends RoundCommandBase {
  readonly type: 'ScheduleRound';
  readonly seedHash: string;
  readonly startingBetTime: string;
  readonly endBetTime: string;
  readonly drawTime: string;
  /** The racing config's `no_bet` at scheduling time (1 pauses). */
  readonly noBet: number;
}
/** Closes betting (at or after `endBetTime`). */
export interface CloseRoundBetting extends RoundCommandBase {
  readonly type: 'CloseRoundBetting';
}
/** Draws the round (at or after `drawTime`) from the revealed seed, which must match the published hash. */
export interface DrawRound extends RoundCommandBase {
  readonly type: 'DrawRound';
  readonly seed: string;
}
/** Records that every order of the drawn round was settled, with the totals. */
export interface SettleRound extends RoundCommandBase {
  readonly type: 'SettleRound';
  readonly orders: number;
  readonly staked: number;
  readonly paid: number;
}
/**
 * Voids a round that has not drawn (betting open or closed, or its draw failed): refused with
 * `RACING_ROUND_DRAWN` once drawn; voiding a voided round again changes nothing.
 */
export interface VoidRound extends RoundCommandBase {
  readonly type: 'VoidRound';
  readonly reason: string;
  readonly by: string;
}
export type RoundCommand = ScheduleRound | CloseRoundBetting | DrawRound | SettleRound | VoidRound;

const ms = (instant: string): number => Date.parse(instant);
type D = Decision<RoundEvent>;

const notScheduled = (roundId: string): D =>
  refuse(
    domainError('RACING_ROUND_NOT_FOUND', `round ${roundId} is not scheduled`, { details: { roundId } }),
  );

const schedule = (c: ScheduleRound, s: RoundState): D => {
  if (s.status !== 'none') {
    const same =
      s.seedHash === c.seedHash &&
      s.startingBetTime === c.startingBetTime &&
      s.endBetTime === c.endBetTime &&
      s.drawTime === c.drawTime;
    return same
      ? accept()
      : refuse(
          domainError('RACING_ROUND_EXISTS', `round ${c.roundId} is already scheduled`, {
            details: { roundId: c.roundId },
          }),
        );
  }
  if (c.noBet === 1)
    return refuse(domainError('RACING_PAUSED', 'Betting is not allowed', { details: { noBet: c.noBet } }));
  if (!/^[0-9a-f]{64}$/.test(c.seedHash))
    return refuse(
      domainError('RACING_INVALID_SEED_HASH', 'seedHash: 64 lowercase hex characters', { field: 'seedHash' }),
    );
  const [start, end, draw] = [ms(c.startingBetTime), ms(c.endBetTime), ms(c.drawTime)];
  if (!(start < end && end <= draw))
    return refuse(
      domainError('RACING_INVALID_TIMES', 'starting bet time < end bet time ≤ draw time', {
        details: { startingBetTime: c.startingBetTime, endBetTime: c.endBetTime, drawTime: c.drawTime },
      }),
    );
  const { type: _type, noBet: _noBet, ...data } = c;
  return accept({ type: 'RoundScheduled', data });
};

const close = (c: CloseRoundBetting, s: RoundState): D => {
  if (s.status === 'none') return notScheduled(c.roundId);
  if (s.status !== 'scheduled') return accept();
  if (ms(c.at) < ms(s.endBetTime as string))
    return refuse(
      domainError('RACING_TOO_EARLY', 'betting closes at the end bet time', {
        details: { endBetTime: s.endBetTime },
      }),
    );
  return accept({ type: 'RoundBettingClosed', data: { roundId: c.roundId, at: c.at } });
};

const voided = (roundId: string): D =>
  refuse(domainError('RACING_ROUND_VOID', `round ${roundId} was voided`, { details: { roundId } }));

const draw = (c: DrawRound, s: RoundState): D => {
  if (s.status === 'none') return notScheduled(c.roundId);
  if (s.status === 'voided') return voided(c.roundId);
  if (s.status === 'drawn' || s.status === 'settled')
    return s.seed === c.seed
      ? accept()
      : refuse(domainError('RACING_ROUND_DRAWN', `round ${c.roundId} is already drawn`));
  if (ms(c.at) < ms(s.drawTime as string))
    return refuse(
      domainError('RACING_TOO_EARLY', 'the round draws at its draw time', {
        details: { drawTime: s.drawTime },
      }),
    );
  if (!isServerSeed(c.seed) || seedHash(c.seed) !== s.seedHash)
    return refuse(
      domainError('RACING_SEED_MISMATCH', 'the seed does not match the published hash', { field: 'seed' }),
    );
  const order = drawOrder(c.seed, c.roundId);
  const drawn: RoundDrawn = {
    type: 'RoundDrawn',
    data: {
      roundId: c.roundId,
      at: c.at,
      seed: c.seed,
      order,
      lotteryCombination: lotteryCombination(order),
    },
  };
  return s.status === 'scheduled'
    ? accept<RoundEvent>({ type: 'RoundBettingClosed', data: { roundId: c.roundId, at: c.at } }, drawn)
    : accept<RoundEvent>(drawn);
};

const settle = (c: SettleRound, s: RoundState): D => {
  if (s.status === 'none') return notScheduled(c.roundId);
  if (s.status === 'voided') return voided(c.roundId);
  if (s.status === 'settled') return accept();
  if (s.status !== 'drawn')
    return refuse(domainError('RACING_NOT_DRAWN', `round ${c.roundId} is not drawn yet`));
  const { type: _type, ...data } = c;
  return accept({ type: 'RoundSettled', data });
};

const voidRound = (c: VoidRound, s: RoundState): D => {
  if (s.status === 'none') return notScheduled(c.roundId);
  if (s.status === 'voided') return accept();
  if (s.status === 'drawn' || s.status === 'settled')
    return refuse(domainError('RACING_ROUND_DRAWN', `round ${c.roundId} is already drawn`));
  if (c.reason.trim() === '')
    return refuse(
      domainError('RACING_VOID_REASON', 'a reason is required to void a round', { field: 'reason' }),
    );
  return accept({
    type: 'RoundVoided',
    data: { roundId: c.roundId, at: c.at, reason: c.reason.trim(), by: c.by },
  });
};

/** Decides a round command. Codes: see each command; repeats of a done step are accepted with no events. */
export const decideRound = (c: RoundCommand, s: RoundState): D => {
  switch (c.type) {
    case 'ScheduleRound':
      return schedule(c, s);
    case 'CloseRoundBetting':
      return close(c, s);
    case 'DrawRound':
      return draw(c, s);
    case 'SettleRound':
      return settle(c, s);
    case 'VoidRound':
      return voidRound(c, s);
  }
};

/** The round aggregate as a {@link Decider}. */
export const roundDecider: Decider<RoundCommand, RoundEvent, RoundState> = {
  initialState: initialRoundState,
  evolve: evolveRound,
  decide: decideRound,
};

/** Spec §4 racing status at instant `now`: 1 not started, 2 ongoing (betting open), 3 ended. */
export const racingStatusAt = (s: RoundState, now: string): RacingStatus => {
  if (s.status === 'none' || ms(now) < ms(s.startingBetTime as string)) return RacingStatus.NotStarted;
  return s.status === 'scheduled' && ms(now) < ms(s.endBetTime as string)
    ? RacingStatus.Ongoing
    : RacingStatus.Ended;
};

/**
 * Why betting on the round is not open at `now`, or `undefined` (spec §4 "Racing bet is open only when
 * all hold": config present, its `no_bet` not 1, the round has an id and both times, no result yet, now
 * not before the start, the end not passed). Codes `RACING_PAUSED`, `RACING_ROUND_NOT_FOUND`,
 * `RACING_BETTING_CLOSED` (details: startingBetTime, endBetTime).
 */
export const bettingClosedError = (round: RoundState, noBet: number, now: string) => {
  if (noBet === 1) return domainError('RACING_PAUSED', 'Betting is not allowed');
  if (round.status === 'none' || round.roundId === null)
    return domainError('RACING_ROUND_NOT_FOUND', 'the round is not scheduled');
  const t = ms(now);
  if (
    round.status !== 'scheduled' ||
    round.order !== null ||
    t < ms(round.startingBetTime as string) ||
    t >= ms(round.endBetTime as string)
  )
    return domainError('RACING_BETTING_CLOSED', 'Betting is not allowed', {
      details: { startingBetTime: round.startingBetTime, endBetTime: round.endBetTime },
    });
  return undefined;
};
