/**
 * Placing a racing order and exchanging racing coin, each one call of the money path (issue 19; spec
 * §3 "Racing order", §4 "Racing bet is open only when…", §5 racing validation, §8 messages; decision
 * 0003 bill types 13 and 15/16; docs/racing.md "Bet types" and "Racing coin").
 */
import { createHash } from 'node:crypto';
import {
  deviceClockError,
  exchangeQuote,
  racingBetDecider,
  racingWalletCommand,
  roundDecider,
} from '@bashiri/domain';
import type {
  DomainError,
  ExchangeDirection,
  ExchangeQuote,
  RacingBetEvent,
  RacingBetPlaced,
  RacingBetState,
  RacingSelection,
  RoundEvent,
  RoundState,
  Tzs,
} from '@bashiri/domain';
import { aggregateStreams } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';
import { racingSettings, racingSettingsForPlacement } from './config.ts';
import type { RacingSettings } from './config.ts';
import { racingBetStream, racingRoundStream } from './projection.ts';

/** The device's clock as the racing screens send it (spec §5 "the device clock must be GMT+3"). */
export interface DeviceClock {
  /** The device's offset from UTC, minutes east (GMT+3 = 180; JavaScript's getTimezoneOffset() negated). */
  readonly utcOffsetMinutes: number;
  /** The device's clock, epoch ms. */
  readonly nowMs: number;
}

/** `RACING_DEVICE_CLOCK` when the device is not on GMT+3 or its clock is off by more than the configured skew. */
export const checkDeviceClock = (
  services: AppServices,
  settings: RacingSettings,
  device: DeviceClock,
): DomainError | undefined =>
  deviceClockError({
    deviceUtcOffsetMinutes: device.utcOffsetMinutes,
    deviceNowMs: device.nowMs,
    serverNowMs: services.now(),
    maxSkewMs: settings.maxClockSkewSeconds * 1000,
  });

/** A racing order id from the player and their request id: a repeated request finds the same order. */
export const racingBetId = (userId: string, requestId: string): string =>
  createHash('sha256').update(`racingbet|${userId}|${requestId}`).digest('hex').slice(0, 24);

/** What a placement request carries. */
export interface PlaceRacingBetInput {
  readonly requestId: string;
  readonly roundId: string;
  readonly selection: RacingSelection;
  /** Single amount, TZS of racing coin (a Luck Racing ticket: `jackpot_bet_amount`). */
  readonly singleAmount: Tzs;
  readonly device: DeviceClock;
}

/** The answer: the order placed (or placed before by the same request), or a coded refusal, nothing charged. */
export type PlaceRacingBetAnswer =
  | { readonly ok: true; readonly placed: RacingBetPlaced['data'] }
  | { readonly ok: false; readonly error: DomainError };

/**
 * Places a racing order: the round's state (read from its stream) and the configuration in force are
 * read beside the order's and the wallet's streams; the order decider checks the window and the picks,
 * the wallet debits the amount payable from racing coin (bill type 13). Refusals: the codes of
 * `decideRacingBet`, `INSUFFICIENT_RACING_COIN`, `RACING_DEVICE_CLOCK` (spec §5, §8; only for a request
 * that would place an order: the same `requestId` again answers the order it placed, clock or not).
 */
export const placeRacingBet = async (
  services: AppServices,
  userId: string,
  input: PlaceRacingBetInput,
): Promise<PlaceRacingBetAnswer> => {
  const settings = await racingSettingsForPlacement(services.sql);
  // Checked after the order's idempotency (below): a re-send of an accepted order answers it even when
  // the device clock is off now; only a request that would place an order is refused (docs/racing.md
  // "Device clock").
  const clock = checkDeviceClock(services, settings, input.device);
  const betId = racingBetId(userId, input.requestId);
  const actor = { kind: 'player' as const, id: userId };
  const { answer } = await moveMoney<RacingBetState, RacingBetEvent, RoundState, PlaceRacingBetAnswer>(
    services,
    {
      userId,
      product: { streamName: racingBetStream(betId), evolver: racingBetDecider },
      idempotencyKey: `place:${input.requestId}`,
      metadata: { actor: `player:${userId}` },
      // Through the grouped `readStreams`: concurrent placements share one statement.
      read: async () =>
        (
          await aggregateStreams<RoundState, RoundEvent>(
            services.store,
            [racingRoundStream(input.roundId)],
            roundDecider,
          )
        ).get(racingRoundStream(input.roundId))!.state,
      decide: ({ product, wallet, read: round }) => {
        if (product.state.placed)
          return product.state.placed.requestId === input.requestId
            ? { answer: { ok: true, placed: product.state.placed } }
            : { answer: { ok: false, error: { code: 'RACING_BET_EXISTS', message: 'the order exists' } } };
        if (clock) return { answer: { ok: false, error: clock } };
        const decision = racingBetDecider.decide(
          {
            type: 'PlaceRacingBet',
            betId,
            requestId: input.requestId,
            userId,
            actor,
            roundId: input.roundId,
            selection: input.selection,
            singleAmount: input.singleAmount,
            config: settings.config,
            round,
            at: new Date(services.now()).toISOString(),
          },
          product.state,
        );
        if (!decision.ok) return { answer: { ok: false, error: decision.error } };
        const placed = decision.events.find((e): e is RacingBetPlaced => e.type === 'RacingBetPlaced');
        if (!placed)
          return { answer: { ok: false, error: { code: 'RACING_BET_EXISTS', message: 'the order exists' } } };
        const debit = racingWalletCommand(placed, placed.data, actor)!;
        const paid = wallet.pay(debit);
        if (!paid.ok) return { answer: { ok: false, error: paid.error } };
        return { answer: { ok: true, placed: placed.data }, productEvents: decision.events };
      },
    },
  );
  return answer;
};

/** What an exchange request carries. */
export interface ExchangeInput {
  readonly requestId: string;
  readonly direction: ExchangeDirection;
  /** Taken from the source pocket, whole TZS (1 racing coin = 1 TZS). */
  readonly amount: Tzs;
  readonly device: DeviceClock;
}

/** The answer: the quote carried out, or a coded refusal with nothing moved. */
export type ExchangeAnswer =
  | { readonly ok: true; readonly quote: ExchangeQuote; readonly balance: Tzs; readonly racingCoin: Tzs }
  | { readonly ok: false; readonly error: DomainError };

/**
 * Exchanges balance → racing coin 1:1 (bill 15) or racing coin → balance taxed at `convert_tax_rate`
 * (bill 16), on the wallet alone through the money path; the movement id derives from the request, so
 * a repeat moves nothing. Refusals: `CONVERSION_AMOUNT_REQUIRED`, `CONVERSION_FAILED` (more than the
 * pocket holds), `RACING_DEVICE_CLOCK`, the wallet's own.
 */
export const exchangeRacingCoin = async (
  services: AppServices,
  userId: string,
  input: ExchangeInput,
): Promise<ExchangeAnswer> => {
  const settings = await racingSettings(services.sql);
  // As for an order: a repeat of an exchange carried out answers it whatever the device clock says now.
  const clock = checkDeviceClock(services, settings, input.device);
  const base = {
    userId,
    at: new Date(services.now()).toISOString(),
    actor: { kind: 'player' as const, id: userId },
    movementId: `racing-exchange:${input.requestId}`,
    amount: input.amount,
  };
  const { answer } = await moveMoney<undefined, never, undefined, ExchangeAnswer>(services, {
    userId,
    idempotencyKey: `exchange:${input.requestId}`,
    metadata: { actor: `player:${userId}` },
    decide: ({ wallet }) => {
      if (wallet.state.recentMovementIds.includes(base.movementId)) {
        const quoted = exchangeQuote(
          input.direction,
          input.amount,
          input.amount,
          settings.config.convertTaxRate,
        );
        return quoted.ok
          ? {
              answer: {
                ok: true,
                quote: quoted.quote,
                balance: wallet.state.balance,
                racingCoin: wallet.state.racingCoin,
              },
            }
          : { answer: quoted };
      }
      if (clock) return { answer: { ok: false, error: clock } };
      const available = input.direction === 'toRacingCoin' ? wallet.state.balance : wallet.state.racingCoin;
      const quoted = exchangeQuote(input.direction, input.amount, available, settings.config.convertTaxRate);
      if (!quoted.ok) return { answer: quoted };
      const paid = wallet.pay(
        input.direction === 'toRacingCoin'
          ? { ...base, type: 'ConvertToRacingCoin' }
          : { ...base, type: 'ConvertToBalance', taxRate: settings.config.convertTaxRate },
      );
      if (!paid.ok) return { answer: { ok: false, error: paid.error } };
      return {
        answer: {
          ok: true,
          quote: quoted.quote,
          balance: paid.state.balance,
          racingCoin: paid.state.racingCoin,
        },
      };
    },
  });
  return answer;
};
