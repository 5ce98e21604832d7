/**
 * The pricing model's markets as catalogue rows (001.do.catalogue.sql conventions; catalogue
 * conventions.ts): betting type and event part per market, outcome type id, participant, display name,
 * and the status codes (1 open, 2 suspended, 3 settled/closed). Pure.
 */
import {
  STANDARD_MARKETS,
  type MarketDef,
  type OutcomeDef,
  type PricedMarket,
  type PriceStatus,
} from '@bashiri/domain';
import { BETTING_TYPE, EVENT_PART, OFFER_STATUS, OUTCOME_TYPE } from '../catalogue/index.ts';

/** One outcome row to insert: its market's keys and its own. Lines are decimal text or null. */
export interface OfferRow {
  readonly bettingTypeId: number;
  readonly eventPartId: number;
  readonly marketLine: string | null;
  readonly pick: string;
  readonly line: string | null;
  readonly typeId: number;
  readonly participant: 'home' | 'away' | null;
  readonly name: string;
}

/** Betting type id and event part of a model market. */
export const bettingTypeOf = (
  m: Pick<MarketDef, 'market' | 'period'>,
): { typeId: number; partId: number } => {
  const part = m.period === 'first_half' ? EVENT_PART.FIRST_HALF : EVENT_PART.FULL_TIME;
  switch (m.market) {
    case '1x2':
      return {
        typeId: m.period === 'first_half' ? BETTING_TYPE.HALF_TIME_MATCH_ODDS : BETTING_TYPE.MATCH_ODDS,
        partId: part,
      };
    case 'double_chance':
      return { typeId: BETTING_TYPE.DOUBLE_CHANCE, partId: part };
    case 'both_teams_to_score':
      return { typeId: BETTING_TYPE.BOTH_TEAMS_TO_SCORE, partId: part };
    case 'over_under':
      return { typeId: BETTING_TYPE.OVER_UNDER, partId: part };
    case 'asian_handicap':
      return { typeId: BETTING_TYPE.ASIAN_HANDICAP, partId: part };
    case 'correct_score':
      return { typeId: BETTING_TYPE.CORRECT_SCORE, partId: part };
    case 'draw_no_bet':
      return { typeId: BETTING_TYPE.DRAW_NO_BET, partId: part };
  }
};

const signed = (line: string): string => (line.startsWith('-') || line === '0' ? line : `+${line}`);

const describe = (
  def: MarketDef,
  o: OutcomeDef,
  home: string,
  away: string,
): Omit<OfferRow, 'bettingTypeId' | 'eventPartId' | 'marketLine'> => {
  const side = (pick: string) => (pick === 'home' ? 'home' : pick === 'away' ? 'away' : null);
  const line = o.line ?? null;
  switch (def.market) {
    case '1x2':
      return o.pick === 'draw'
        ? { pick: o.pick, line, typeId: OUTCOME_TYPE.DRAW, participant: null, name: 'Draw' }
        : {
            pick: o.pick,
            line,
            typeId: OUTCOME_TYPE.PARTICIPANT,
            participant: side(o.pick),
            name: o.pick === 'home' ? home : away,
          };
    case 'double_chance': {
      const names: Record<string, string> = { '1X': '1 / X', X2: 'X / 2', '12': '1 / 2' };
      const participant = o.pick === '1X' ? 'home' : o.pick === 'X2' ? 'away' : null;
      return {
        pick: o.pick,
        line,
        typeId: OUTCOME_TYPE.DOUBLE_CHANCE,
        participant,
        name: names[o.pick] ?? o.pick,
      };
    }
    case 'both_teams_to_score':
      return {
        pick: o.pick,
        line,
        typeId: o.pick === 'yes' ? OUTCOME_TYPE.YES : OUTCOME_TYPE.NO,
        participant: null,
        name: o.pick === 'yes' ? 'Yes' : 'No',
      };
    case 'over_under':
      return {
        pick: o.pick,
        line,
        typeId: o.pick === 'over' ? OUTCOME_TYPE.OVER : OUTCOME_TYPE.UNDER,
        participant: null,
        name: `${o.pick === 'over' ? 'Over' : 'Under'} ${o.line}`,
      };
    case 'asian_handicap':
      return {
        pick: o.pick,
        line,
        typeId: OUTCOME_TYPE.PARTICIPANT,
        participant: side(o.pick),
        name: `${o.pick === 'home' ? home : away} ${signed(o.line ?? '0')}`,
      };
    case 'correct_score':
      return { pick: o.pick, line, typeId: OUTCOME_TYPE.SCORE, participant: null, name: o.pick };
    case 'draw_no_bet':
      return {
        pick: o.pick,
        line,
        typeId: OUTCOME_TYPE.PARTICIPANT,
        participant: side(o.pick),
        name: o.pick === 'home' ? home : away,
      };
  }
};

/** Every offered outcome of the standard menu for a match of `home` against `away`, in menu order. */
export const offerRows = (
  home: string,
  away: string,
  markets: readonly MarketDef[] = STANDARD_MARKETS,
): OfferRow[] =>
  markets.flatMap((def) => {
    const { typeId, partId } = bettingTypeOf(def);
    return def.outcomes
      .filter((o) => o.offered)
      .map((o) => ({
        bettingTypeId: typeId,
        eventPartId: partId,
        marketLine: def.line ?? null,
        ...describe(def, o, home, away),
      }));
  });

/** Normalises a numeric column's text ("2.50" → "2.5", null stays null). */
export const lineKey = (line: string | number | null | undefined): string =>
  line === null || line === undefined ? '' : String(Number(line));

/** The identity of an outcome row across the model and the database. */
export const offerKey = (
  typeId: number,
  partId: number,
  marketLine: string | number | null,
  pick: string,
  line: string | number | null,
): string => `${typeId}|${partId}|${lineKey(marketLine)}|${pick}|${lineKey(line)}`;

/** Catalogue status code of a price status. */
export const statusCode = (s: PriceStatus): number =>
  s === 'open' ? OFFER_STATUS.OPEN : s === 'suspended' ? OFFER_STATUS.SUSPENDED : OFFER_STATUS.CLOSED;

/** A priced outcome keyed like {@link offerKey}, with its offered and fair odds and status code. */
export interface OfferPrice {
  readonly key: string;
  readonly odds: string | null;
  readonly fairOdds: string | null;
  readonly statusId: number;
}

/** Flattens priced markets into {@link OfferPrice}s of offered outcomes (menu order); markets' own status by key too. */
export const offerPrices = (
  markets: readonly PricedMarket[],
): { outcomes: OfferPrice[]; markets: Map<string, number> } => {
  const outcomes: OfferPrice[] = [];
  const status = new Map<string, number>();
  for (const m of markets) {
    const { typeId, partId } = bettingTypeOf(m);
    status.set(`${typeId}|${partId}|${lineKey(m.line)}`, statusCode(m.status));
    for (const o of m.outcomes)
      if (o.offered)
        outcomes.push({
          key: offerKey(typeId, partId, m.line ?? null, o.pick, o.line ?? null),
          odds: o.odds,
          fairOdds: o.fairOdds,
          statusId: statusCode(o.status),
        });
  }
  return { outcomes, markets: status };
};
