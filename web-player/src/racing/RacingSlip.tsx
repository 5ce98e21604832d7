/**
 * The racing slip on the Racing screen (issue 19 item 3; spec §2 `racing_car/racing`, §5, §8, §9): the
 * bet-type tabs with the odds, the car picker (or the options), the amount per ticket, tickets, amount
 * payable, tax and possible win, and the Place button. Driven by {@link racingSlipMachine} (one actor
 * per slip, `createActor` + `useSelector`: `useMachine` would join the player's first load); the
 * machine's `place` actor is the GraphQL mutation here. Amounts are whole TZS of racing coin.
 */
import { errorCodeOf, formatTzs } from '@bashiri/web-shared';
import type { RacingConfig } from '@bashiri/domain';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { createActor, fromPromise } from 'xstate';
import { RacingPlaceBetDocument, type RacingRulesQuery } from './generated.ts';
import {
  OPTIONS,
  POSITIONS,
  racingSlipMachine,
  stakeOf,
  SLIP_BET_TYPES,
  type PlaceRequest,
  type SlipBetType,
} from './machine.ts';

const BET_TYPES = Object.keys(SLIP_BET_TYPES) as SlipBetType[];
const CARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The racing configuration as the player site reads it (`RacingRules`). */
export type RacingConfigView = RacingRulesQuery['racingConfig'];

/** The domain's configuration from the GraphQL view (the fields the slip's checks use). */
export const domainConfigOf = (c: RacingConfigView): RacingConfig => ({
  champion: c.champion,
  championAndRunnerUp: c.championAndRunnerUp,
  championAndRunnerUpAndThird: c.championAndRunnerUpAndThird,
  singleOrDouble: c.singleOrDouble,
  bigOrSmall: c.bigOrSmall,
  numberPlayers: 10,
  jackpotBetAmount: c.jackpotBetAmount,
  prizePool: c.prizePool,
  noBet: c.noBet,
  taxRate: c.taxRate,
  convertTaxRate: c.convertTaxRate,
  minimumBetAmount: c.minimumBetAmount,
  maxBetAmount: c.maxBetAmount,
  highestProfit: null,
});

/** The device's clock for the server's check (spec §5): offset east of UTC in minutes and now. */
export const deviceClock = () => ({
  utcOffsetMinutes: -new Date().getTimezoneOffset(),
  now: new Date().toISOString(),
});

export interface RacingSlipProps {
  readonly config: RacingConfigView;
  /** The round bets go on while its betting is open; null while no round is open. */
  readonly roundId: string | null;
  readonly loggedIn: boolean;
  /** A racing error code in the player's language. */
  readonly codeText: (code: string) => string;
  /** Called after an order was placed (refresh the coin and my bets). */
  readonly onPlaced?: () => void;
  /** Places the order; default the `placeRacingBet` mutation (stories pass their own). */
  readonly place?: (request: PlaceRequest) => Promise<{ tickets: number; amount: number }>;
}

/** The racing slip (see the module comment). */
export function RacingSlip({ config, roundId, loggedIn, codeText, onPlaced, place }: RacingSlipProps) {
  const { t } = useTranslation();
  const client = useClient();
  const machine = useMemo(
    () =>
      racingSlipMachine.provide({
        actors: {
          place: fromPromise(async ({ input }: { input: PlaceRequest }) => {
            if (place) return place(input);
            const r = await client
              .mutation(RacingPlaceBetDocument, {
                input: {
                  requestId: input.requestId,
                  roundId: input.roundId,
                  betType: input.betType,
                  ...(input.options
                    ? { options: [...input.options] }
                    : { positions: (input.positions ?? []).map((p) => [...p]) }),
                  singleAmount: input.singleAmount,
                  device: deviceClock(),
                },
              })
              .toPromise();
            if (r.error || !r.data) throw { code: errorCodeOf(r.error) ?? undefined };
            return { tickets: r.data.placeRacingBet.tickets, amount: r.data.placeRacingBet.amount };
          }),
        },
      }),
    [client, place],
  );
  // One actor per slip, read with useSelector (on the first load already).
  const [actor] = useState(() => createActor(machine, { input: { config: domainConfigOf(config) } }));
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  useEffect(() => actor.send({ type: 'ROUND', roundId }), [actor, roundId]);
  const state = useSelector(actor, (snapshot) => snapshot);
  const c = state.context;
  const placing = state.matches('placing');
  const placedAmount = c.placed?.amount;
  useEffect(() => {
    if (placedAmount !== undefined) onPlaced?.();
  }, [c.placed, placedAmount, onPlaced]);

  const staked = stakeOf(c);
  const stake = 'stake' in staked ? staked.stake : null;
  const odds = (
    {
      CHAMPION: config.champion,
      CHAMPION_AND_RUNNER_UP: config.championAndRunnerUp,
      TOP_THREE: config.championAndRunnerUpAndThird,
      ODD_EVEN: config.singleOrDouble,
      BIG_SMALL: config.bigOrSmall,
      LUCK_RACING: null,
    } as const
  )[c.betType];
  // Possible win: one winning ticket at the odds (Luck Racing: the 8-in-place prize), tax on the profit.
  const gross = stake ? Math.floor(c.single * (odds ? Number(odds) : 9_000)) : 0;
  const tax = stake ? Math.floor((Math.max(0, gross - stake.amount) * Number(config.taxRate)) / 100) : 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'PLACE' });
  };

  return (
    <>
      <div className="racing-types" role="tablist">
        {BET_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={type === c.betType}
            className={type === c.betType ? 'is-active' : ''}
            onClick={() => actor.send({ type: 'CHOOSE_TYPE', betType: type })}
          >
            {t(`racing.betTypes.${type}`)}
          </button>
        ))}
      </div>
      <form className="racing-slip" onSubmit={submit}>
        <p className="acc-muted">{odds ? t('racing.odds', { odds }) : t('racing.luckTable')}</p>
        {POSITIONS[c.betType] === 0 ? (
          <div className="racing-options">
            {(OPTIONS[c.betType] ?? []).map((option) => (
              <label key={option}>
                <input
                  type="checkbox"
                  checked={c.options.includes(option)}
                  onChange={() => actor.send({ type: 'TOGGLE_OPTION', option })}
                />{' '}
                {t(`racing.options.${option}`)}
              </label>
            ))}
          </div>
        ) : (
          c.picks.map((cars, position) => (
            <fieldset key={position} className="racing-picker">
              <legend>{t(`racing.position.${position + 1}`)}</legend>
              {CARS.map((car) => (
                <button
                  key={car}
                  type="button"
                  aria-pressed={cars.includes(car)}
                  aria-label={`${t(`racing.position.${position + 1}`)} ${t('racing.car', { n: car })}`}
                  className={`racing-car racing-car--${car}${cars.includes(car) ? ' is-picked' : ''}`}
                  onClick={() => actor.send({ type: 'TOGGLE_CAR', position, car })}
                >
                  {car}
                </button>
              ))}
            </fieldset>
          ))
        )}
        <label className="racing-amount">
          {t('racing.single')}{' '}
          <input
            type="number"
            inputMode="numeric"
            min={100}
            step={100}
            value={c.single}
            disabled={c.betType === 'LUCK_RACING'}
            onChange={(e) => actor.send({ type: 'SET_AMOUNT', amount: Number(e.target.value) || 0 })}
          />
        </label>
        <dl className="racing-sums">
          <dt>{t('racing.tickets')}</dt>
          <dd data-testid="racing-tickets">{stake?.tickets ?? 0}</dd>
          <dt>{t('racing.amount')}</dt>
          <dd>{formatTzs(stake?.amount ?? 0)}</dd>
          <dt>{t('racing.tax', { rate: config.taxRate })}</dt>
          <dd>{formatTzs(tax)}</dd>
          <dt>{t('racing.possibleWin')}</dt>
          <dd>{formatTzs(Math.max(0, gross - tax))}</dd>
        </dl>
        {(c.error || c.placed) && (
          <p className={`acc-notice acc-notice--${c.error ? 'error' : 'success'}`} role="status">
            {c.error
              ? codeText(c.error === 'NETWORK' ? 'INTERNAL' : c.error)
              : t('racing.placed', { tickets: c.placed?.tickets, amount: formatTzs(c.placed?.amount ?? 0) })}
          </p>
        )}
        <button className="acc-button" type="submit" disabled={!loggedIn || roundId === null || placing}>
          {t('racing.place')}
        </button>
      </form>
    </>
  );
}
